package cmdio

import (
	"context"
	"io"
	"reflect"
	"time"
)

// Action is a command's work, given its parsed command line. It lives in an
// importable package (internal/tools/NAME), free of the flag library: the
// command's main.go holds only the flags, and Run calls the action.
type Action func(c *Cmd) error

// Cmd is what an action sees of its command line: the values of its flags
// by long name, its operands, its context and its standard streams. It
// reads a cli.Context through reflect, so that no package outside
// cmd/*/main.go imports the flag library.
type Cmd struct {
	ctx    reflect.Value // *cli.Context
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// call calls the cli.Context method name with args and returns its first
// result.
func (c *Cmd) call(method string, args ...any) reflect.Value {
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		in[i] = reflect.ValueOf(a)
	}
	return c.ctx.MethodByName(method).Call(in)[0]
}

// Context returns the context Run made for the command: it ends on a
// signal for a Tool with Signals, and carries the invocation Style records.
func (c *Cmd) Context() context.Context {
	ctx, _ := c.ctx.Elem().FieldByName("Context").Interface().(context.Context)
	return ctx
}

// String returns the value of the flag name.
func (c *Cmd) String(name string) string { return c.call("String", name).String() }

// Bool returns the value of the flag name.
func (c *Cmd) Bool(name string) bool { return c.call("Bool", name).Bool() }

// Int returns the value of the flag name.
func (c *Cmd) Int(name string) int { return int(c.call("Int", name).Int()) }

// Uint64 returns the value of the flag name.
func (c *Cmd) Uint64(name string) uint64 { return c.call("Uint64", name).Uint() }

// Float64 returns the value of the flag name.
func (c *Cmd) Float64(name string) float64 { return c.call("Float64", name).Float() }

// Duration returns the value of the flag name.
func (c *Cmd) Duration(name string) time.Duration {
	return time.Duration(c.call("Duration", name).Int())
}

// Strings returns the values of the repeatable flag name.
func (c *Cmd) Strings(name string) []string {
	s, _ := c.call("StringSlice", name).Interface().([]string)
	return s
}

// IsSet reports whether the flag name was given on the command line.
func (c *Cmd) IsSet(name string) bool { return c.call("IsSet", name).Bool() }

// Operands returns the arguments left after the options.
func (c *Cmd) Operands() []string {
	s, _ := c.call("Args").MethodByName("Slice").Call(nil)[0].Interface().([]string)
	return s
}

// NArg returns the number of operands.
func (c *Cmd) NArg() int { return len(c.Operands()) }

// Operand returns the i'th operand, or "" if there are fewer.
func (c *Cmd) Operand(i int) string {
	if ops := c.Operands(); i < len(ops) {
		return ops[i]
	}
	return ""
}

// NoOperandsAfter returns a usage error naming the first operand past the
// first n, or nil if there are at most n.
func (c *Cmd) NoOperandsAfter(n int) error {
	if ops := c.Operands(); len(ops) > n {
		return Usagef("unexpected argument %q", ops[n])
	}
	return nil
}

// setAction sets the func field Action of v, a cli.App or cli.Command, to
// call act with the cli.Context it is given.
func setAction(v reflect.Value, act Action, stdin io.Reader, stdout, stderr io.Writer) {
	setFunc(v, "Action", func(in []reflect.Value) error {
		return act(&Cmd{ctx: in[0], Stdin: stdin, Stdout: stdout, Stderr: stderr})
	})
}
