package bytecount

import "io"

// Writer writes to W, adds what W took to N and keeps W's first error in
// Err: after an error it writes nothing more, so a writer of many small
// pieces checks Err once at the end. Not safe for concurrent use.
type Writer struct {
	W   io.Writer
	N   int64
	Err error
}

// Write writes p to W, or returns Err if a write failed before.
func (c *Writer) Write(p []byte) (int, error) {
	if c.Err != nil {
		return 0, c.Err
	}
	n, err := c.W.Write(p)
	c.N += int64(n)
	c.Err = err
	return n, err
}

// WriteString writes s as Write writes p, without a copy when W is an
// io.StringWriter (a bufio.Writer).
func (c *Writer) WriteString(s string) (int, error) {
	if c.Err != nil {
		return 0, c.Err
	}
	n, err := io.WriteString(c.W, s)
	c.N += int64(n)
	c.Err = err
	return n, err
}
