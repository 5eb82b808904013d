package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
)

// Optional is a flag that may be left out, its absence meaning a default
// that depends on other flags (a task's): Or returns the value given, or
// the default. Its zero value is unset; fs.Var(&o, name, usage) defines it.
type Optional[T int | float64] struct {
	v      T
	given  bool
	name   string // the flag's name, when bounded (OptionalVar)
	lo, hi int
}

// OptionalVar defines an Optional int flag that refuses a value outside
// lo..hi as the command line is parsed (see IntVar).
func OptionalVar(fs *flag.FlagSet, o *Optional[int], name string, lo, hi int, usage string) {
	o.name, o.lo, o.hi = name, lo, hi
	fs.Var(o, name, usage)
}

// Set reads the flag's value as the flag package reads an int or a float64.
func (o *Optional[T]) Set(s string) error {
	var err error
	switch p := any(&o.v).(type) {
	case *int:
		if *p, err = parseInt(s); err == nil && o.name != "" {
			err = Within(o.name, *p, o.lo, o.hi)
		}
		if err != nil {
			return err
		}
	case *float64:
		*p, err = strconv.ParseFloat(s, 64)
		switch {
		case errors.Is(err, strconv.ErrRange):
			return errors.New("value out of range")
		case err != nil:
			return errors.New("parse error")
		}
	}
	o.given = true
	return nil
}

// String returns the value given ("" when none was).
func (o *Optional[T]) String() string {
	if o == nil || !o.given {
		return ""
	}
	return fmt.Sprint(o.v)
}

// Get returns the value (the zero value when none was given), for
// CheckFinite.
func (o *Optional[T]) Get() any { return o.v }

// Given reports whether the command line gave the flag.
func (o Optional[T]) Given() bool { return o.given }

// Value returns the value given (the zero value when none was).
func (o Optional[T]) Value() T { return o.v }

// Or returns the value given, or def when none was.
func (o Optional[T]) Or(def T) T {
	if o.given {
		return o.v
	}
	return def
}

// Within refuses n, the value of the flag name, outside lo..hi, in the
// words every command uses: "--epochs must be at least 1, got 0".
func Within(name string, n, lo, hi int) error {
	switch {
	case n < lo && lo == 0:
		return fmt.Errorf("--%s must not be negative, got %d", name, n)
	case n < lo:
		return fmt.Errorf("--%s must be at least %d, got %d", name, lo, n)
	case n > hi:
		return fmt.Errorf("--%s must be at most %d, got %d", name, hi, n)
	}
	return nil
}

// IntVar defines an int flag that refuses a value outside lo..hi as the
// command line is parsed, so that a bad value is an error even when
// --help follows it.
func IntVar(fs *flag.FlagSet, p *int, name string, value, lo, hi int, usage string) {
	*p = value
	fs.Var(&boundedInt{p, name, lo, hi}, name, usage)
}

// boundedInt is the flag.Value of IntVar.
type boundedInt struct {
	p      *int
	name   string
	lo, hi int
}

// Set reads the value as the flag package reads an int, then checks it.
func (b *boundedInt) Set(s string) error {
	n, err := parseInt(s)
	if err == nil {
		err = Within(b.name, n, b.lo, b.hi)
	}
	if err == nil {
		*b.p = n
	}
	return err
}

// String returns the value ("0" for the zero boundedInt that
// flag.PrintDefaults makes, so that a default of 0 is not printed, as with
// the flag package's int flags).
func (b *boundedInt) String() string {
	if b == nil || b.p == nil {
		return "0"
	}
	return strconv.Itoa(*b.p)
}

// Get returns the value.
func (b *boundedInt) Get() any { return *b.p }

// parseInt reads an int as the flag package does, with its errors.
func parseInt(s string) (int, error) {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, errors.New("value out of range")
	case err != nil:
		return 0, errors.New("parse error")
	}
	return int(n), nil
}

// StringVar defines a string flag whose value check accepts or refuses as
// the command line is parsed (a file that must exist, a name among a
// list), so that a bad value is an error even when --help follows it.
func StringVar(fs *flag.FlagSet, p *string, name, value, usage string, check func(string) error) {
	*p = value
	fs.Var(&checkedString{p, check}, name, usage)
}

// checkedString is the flag.Value of StringVar.
type checkedString struct {
	p     *string
	check func(string) error
}

// Set checks s and stores it.
func (c *checkedString) Set(s string) error {
	if err := c.check(s); err != nil {
		return err
	}
	*c.p = s
	return nil
}

// String returns the value ("" for the zero checkedString).
func (c *checkedString) String() string {
	if c == nil || c.p == nil {
		return ""
	}
	return *c.p
}

// Get returns the value.
func (c *checkedString) Get() any { return *c.p }
