// Package bytecount counts the bytes written through an io.Writer, for
// the WriteTo methods that must return that count: dimacs's writers of
// CNF, the PNG of decoders/grid/draw and the PDF of bench/plot.
package bytecount
