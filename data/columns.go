package data

import (
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// column is a top-level column of a Parquet file, read from the file's own
// layout as one value a row (a scalar) or one list a row: the three-level
// LIST of the specification or a bare repeated field, the list and its
// elements required or optional, integers of any width (signed or
// unsigned) or strings. A null is an error naming the row.
type column struct {
	name string
	leaf parquet.LeafColumn
	list bool
	// nullBelow and emptyBelow are the definition levels below which the
	// row's list (or scalar) is null, and below which a list is empty.
	nullBelow, emptyBelow int
	ints, unsigned        bool // integers (else strings); unsigned ones
}

// what names the kind of column wanted, for error messages.
func (c column) what() string {
	kind := map[bool]string{true: "an integer", false: "a string"}[c.ints]
	if c.list {
		return "a list of " + kind[strings.Index(kind, " ")+1:] + "s"
	}
	return kind
}

// findColumn finds the top-level column name of s and checks that it is a
// list (list) or a scalar of integers (ints) or of strings. Errors wrap
// errSchema.
func findColumn(s *parquet.Schema, name string, list, ints bool, errSchema error) (column, error) {
	c := column{name: name, list: list, ints: ints}
	var top parquet.Field
	for _, f := range s.Fields() {
		if f.Name() == name {
			top = f
		}
	}
	if top == nil {
		return c, fmt.Errorf("%w: no column %q (the file has %s)", errSchema, name, fieldNames(s))
	}
	wrong := fmt.Errorf("%w: column %s is not %s", errSchema, describe(top), c.what())
	node, path, def, ok := walkColumn(top, &c)
	if !ok || c.list != (c.emptyBelow > 0) {
		return c, wrong
	}
	leaf, found := s.Lookup(path...)
	reps := 0
	if list {
		reps = 1
	}
	if !found || leaf.MaxDefinitionLevel != def || leaf.MaxRepetitionLevel != reps {
		return c, wrong
	}
	if !c.list {
		c.nullBelow, c.emptyBelow = def, def
	}
	c.leaf = leaf
	if !ints {
		if node.Type().Kind() != parquet.ByteArray || !stringAnnotation(node.Type()) {
			return c, wrong
		}
		return c, nil
	}
	if kind := node.Type().Kind(); kind != parquet.Int32 && kind != parquet.Int64 {
		return c, wrong
	}
	if c.unsigned, ok = intAnnotation(node.Type()); !ok {
		return c, fmt.Errorf("%w: column %s holds %s values, not integers", errSchema, describe(top), node.Type())
	}
	return c, nil
}

// walkColumn walks down from top to its one leaf, counting definition
// levels and noting the one repeated node's levels in c; ok is false for a
// group of several fields or a list of lists.
func walkColumn(top parquet.Field, c *column) (leaf parquet.Node, path []string, def int, ok bool) {
	var node parquet.Node = top
	path = []string{top.Name()}
	repeated := false
	for {
		switch {
		case node.Repeated():
			if repeated {
				return nil, nil, 0, false
			}
			repeated = true
			c.nullBelow, c.emptyBelow = def, def+1
			def++
		case node.Optional():
			def++
		}
		if node.Leaf() {
			return node, path, def, true
		}
		if len(node.Fields()) != 1 {
			return nil, nil, 0, false
		}
		child := node.Fields()[0]
		node, path = child, append(path, child.Name())
	}
}

// stringAnnotation reports whether a BYTE_ARRAY leaf holds text: no
// annotation, or STRING (UTF8) or ENUM.
func stringAnnotation(t parquet.Type) bool {
	if lt := t.LogicalType(); lt != nil && lt.Value != nil {
		switch lt.Value.(type) {
		case *format.StringType, *format.EnumType:
		default:
			return false
		}
	}
	if ct := t.ConvertedType(); ct != nil && *ct != deprecated.UTF8 && *ct != deprecated.Enum {
		return false
	}
	return true
}

// intAnnotation reads the integer annotations of an INT32 or INT64 leaf
// (the logical type, or the older converted type): whether the integers
// are unsigned, and false if the annotation says they are something else
// (a date, a decimal, …).
func intAnnotation(t parquet.Type) (unsigned, ok bool) {
	if lt := t.LogicalType(); lt != nil {
		it, isInt := lt.Value.(*format.IntType)
		if !isInt {
			return false, false
		}
		unsigned = !it.IsSigned
	}
	if ct := t.ConvertedType(); ct != nil {
		switch *ct {
		case deprecated.Uint8, deprecated.Uint16, deprecated.Uint32, deprecated.Uint64:
			unsigned = true
		case deprecated.Int8, deprecated.Int16, deprecated.Int32, deprecated.Int64:
		default:
			return false, false
		}
	}
	return unsigned, true
}

// int64Of returns an integer leaf value as an int64; an unsigned value
// beyond the int64 range is an error.
func (c column) int64Of(v parquet.Value) (int64, error) {
	switch {
	case v.Kind() == parquet.Int32 && c.unsigned:
		return int64(uint32(v.Int32())), nil
	case v.Kind() == parquet.Int32:
		return int64(v.Int32()), nil
	case c.unsigned && v.Uint64() > math.MaxInt64:
		return 0, fmt.Errorf("%d, beyond the int64 range", v.Uint64())
	}
	return v.Int64(), nil
}

// at names a value of a row: "answer", or "token_ids value 3".
func (c column) at(i int) string {
	if c.list {
		return fmt.Sprintf("%s value %d", c.name, i+1)
	}
	return c.name
}

// readCells reads the column, one cell a row (the list's values, or the
// scalar as a list of one), converting each value with conv(row, index,
// value); rows are counted from 1.
func readCells[T any](pf *parquet.File, c column, conv func(row, i int, v parquet.Value) (T, error)) ([][]T, error) {
	var cells [][]T
	err := c.each(pf, func(v parquet.Value) error {
		if v.RepetitionLevel() == 0 {
			cells = append(cells, []T{})
		}
		if len(cells) == 0 {
			return fmt.Errorf("column %s: the first value continues a row", c.name)
		}
		row := len(cells)
		d := v.DefinitionLevel()
		switch {
		case d < c.nullBelow:
			return fmt.Errorf("row %d: %s is null; want %s", row, c.name, c.what())
		case d < c.emptyBelow:
			return nil // an empty list
		case d < c.leaf.MaxDefinitionLevel:
			return fmt.Errorf("row %d: %s is null", row, c.at(len(cells[row-1])))
		}
		x, err := conv(row, len(cells[row-1]), v)
		if err != nil {
			return err
		}
		cells[row-1] = append(cells[row-1], x)
		return nil
	})
	return cells, err
}

// each calls f with every value of the column's leaf, in order.
func (c column) each(pf *parquet.File, f func(v parquet.Value) error) error {
	buf := make([]parquet.Value, 1024)
	for _, rg := range pf.RowGroups() {
		pages := rg.ColumnChunks()[c.leaf.ColumnIndex].Pages()
		err := eachPage(pages, func(p parquet.Page) error {
			vr := p.Values()
			for {
				n, err := vr.ReadValues(buf)
				for _, v := range buf[:n] {
					if err := f(v); err != nil {
						return err
					}
				}
				if errors.Is(err, io.EOF) || n == 0 {
					return nil
				}
				if err != nil {
					return fmt.Errorf("column %s: %w", c.name, err)
				}
			}
		})
		pages.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// eachPage calls f with every page, releasing each after use.
func eachPage(pages parquet.Pages, f func(p parquet.Page) error) error {
	for {
		p, err := pages.ReadPage()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		err = f(p)
		parquet.Release(p)
		if err != nil {
			return err
		}
	}
}

// readStruct reads every row of pf as a T, a struct whose fields carry
// parquet tags ("name" or "name,list") and are int32, int64 or string, or
// slices of them: each column is read from the file's own layout (see
// column), integers range-checked against the field's width. Errors wrap
// errSchema when a column is missing or of another kind; a field tagged
// `data:"optional"` may be missing from the file (a column added since it
// was written), and is then zero in every row.
func readStruct[T any](pf *parquet.File, errSchema error) ([]T, error) {
	rt := reflect.TypeFor[T]()
	rows := make([]T, pf.NumRows())
	for f := range rt.NumField() {
		field := rt.Field(f)
		name, opts, _ := strings.Cut(field.Tag.Get("parquet"), ",")
		if field.Tag.Get("data") == "optional" && !hasColumn(pf.Schema(), name) {
			continue
		}
		elem := field.Type
		list := elem.Kind() == reflect.Slice
		if list {
			elem = elem.Elem()
		}
		if list != (opts == "list") {
			return nil, fmt.Errorf("data: field %s of %s: unsupported tag", field.Name, rt)
		}
		c, err := findColumn(pf.Schema(), name, list, elem.Kind() != reflect.String, errSchema)
		if err != nil {
			return nil, err
		}
		if err := readField(pf, c, elem, func(row int) reflect.Value {
			return reflect.ValueOf(&rows[row]).Elem().Field(f)
		}); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// hasColumn reports whether s has a top-level column name.
func hasColumn(s *parquet.Schema, name string) bool {
	for _, f := range s.Fields() {
		if f.Name() == name {
			return true
		}
	}
	return false
}

// readField reads column c into field (of row, from 0) of every row.
func readField(pf *parquet.File, c column, elem reflect.Type, field func(row int) reflect.Value) error {
	var cells [][]reflect.Value
	var err error
	if elem.Kind() == reflect.String {
		cells, err = readCells(pf, c, func(_, _ int, v parquet.Value) (reflect.Value, error) {
			return reflect.ValueOf(string(v.ByteArray())), nil
		})
	} else {
		bits := elem.Bits()
		cells, err = readCells(pf, c, func(row, i int, v parquet.Value) (reflect.Value, error) {
			x, err := c.int64Of(v)
			if err == nil && (x < -1<<(bits-1) || x > 1<<(bits-1)-1) {
				err = fmt.Errorf("%d, beyond the int%d range", x, bits)
			}
			if err != nil {
				return reflect.Value{}, fmt.Errorf("row %d: %s is %w", row, c.at(i), err)
			}
			return reflect.ValueOf(x).Convert(elem), nil
		})
	}
	if err != nil {
		return err
	}
	if len(cells) != int(pf.NumRows()) {
		return fmt.Errorf("column %s has %d rows, the file says it holds %d", c.name, len(cells), pf.NumRows())
	}
	for row, cell := range cells {
		dst := field(row)
		if dst.Kind() != reflect.Slice {
			dst.Set(cell[0])
			continue
		}
		s := reflect.MakeSlice(dst.Type(), len(cell), len(cell))
		for i, v := range cell {
			s.Index(i).Set(v)
		}
		dst.Set(s)
	}
	return nil
}
