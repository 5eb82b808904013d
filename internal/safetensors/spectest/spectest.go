// Package spectest reads a safetensors file as the format's specification
// (github.com/huggingface/safetensors, README, "Format") describes it,
// without package safetensors, so that tests can check what the writers
// write against the specification rather than against the reader that
// shares their assumptions.
//
// The specification: 8 bytes, a little-endian unsigned 64-bit N; N bytes
// of UTF-8 JSON that begin with '{' and may be padded at the end with
// spaces, an object mapping each tensor's name (no name twice) to its
// "dtype", "shape" and "data_offsets" [BEGIN, END), relative to the byte
// buffer, plus an optional "__metadata__" object of string values only;
// then the byte buffer, which the tensors must cover entirely, without
// holes or overlaps. Data is little-endian and row-major. This reader
// decodes the F64 dtype only, and requires the 8-byte alignment of the
// buffer that the reference implementation writes.
package spectest

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
	"unicode/utf8"
)

// Tensor is a tensor as the file holds it.
type Tensor struct {
	Shape []int
	Data  []float64
}

// ParseOrFail is Parse for a test: a departure from the specification
// fails the test, with what it is.
func ParseOrFail(t testing.TB, b []byte) (map[string]Tensor, map[string]string) {
	t.Helper()
	tensors, meta, err := Parse(b)
	if err != nil {
		t.Fatalf("safetensors file: %v", err)
	}
	return tensors, meta
}

// Parse reads a safetensors file: its tensors by name and its metadata.
// Any departure from the specification is an error that says what it is.
func Parse(b []byte) (map[string]Tensor, map[string]string, error) {
	if len(b) < 8 {
		return nil, nil, fmt.Errorf("%d bytes: no room for the header's length", len(b))
	}
	n := binary.LittleEndian.Uint64(b)
	if n == 0 || n > uint64(len(b)-8) {
		return nil, nil, fmt.Errorf("header length %d in a file of %d bytes", n, len(b))
	}
	header, buf := b[8:8+n], b[8+n:]
	switch {
	case header[0] != '{':
		return nil, nil, fmt.Errorf("the header begins with %q, not '{'", header[0])
	case !utf8.Valid(header):
		return nil, nil, errors.New("the header is not UTF-8")
	case (8+n)%8 != 0:
		return nil, nil, fmt.Errorf("the byte buffer starts at %d, not 8-byte aligned", 8+n)
	}
	entries, err := members(bytes.TrimRight(header, " "))
	if err != nil {
		return nil, nil, fmt.Errorf("header: %w", err)
	}
	var meta map[string]string
	tensors := map[string]Tensor{}
	var spans [][2]int
	for _, e := range entries {
		if e.name == "__metadata__" {
			if err := json.Unmarshal(e.value, &meta); err != nil {
				return nil, nil, fmt.Errorf("__metadata__ is not an object of strings: %w", err)
			}
			continue
		}
		var info struct {
			Dtype       string
			Shape       []int
			DataOffsets [2]int `json:"data_offsets"`
		}
		dec := json.NewDecoder(bytes.NewReader(e.value))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&info); err != nil {
			return nil, nil, fmt.Errorf("tensor %q: %w", e.name, err)
		}
		if info.Dtype != "F64" {
			return nil, nil, fmt.Errorf("tensor %q has dtype %q; this reader decodes F64 only", e.name, info.Dtype)
		}
		count := 1
		for _, d := range info.Shape {
			count *= d
		}
		begin, end := info.DataOffsets[0], info.DataOffsets[1]
		if begin < 0 || end < begin || end > len(buf) || end-begin != 8*count {
			return nil, nil, fmt.Errorf("tensor %q: shape %v (%d values) and data_offsets [%d, %d) in a buffer of %d bytes", e.name, info.Shape, count, begin, end, len(buf))
		}
		t := Tensor{Shape: info.Shape, Data: make([]float64, count)}
		for i := range t.Data {
			t.Data[i] = math.Float64frombits(binary.LittleEndian.Uint64(buf[begin+8*i:]))
		}
		tensors[e.name] = t
		spans = append(spans, [2]int{begin, end})
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	covered := 0
	for _, s := range spans {
		if s[0] != covered {
			return nil, nil, fmt.Errorf("the byte buffer has a hole or an overlap at byte %d", covered)
		}
		covered = s[1]
	}
	if covered != len(buf) {
		return nil, nil, fmt.Errorf("the tensors cover %d of the byte buffer's %d bytes", covered, len(buf))
	}
	return tensors, meta, nil
}

// member is a name and value of the header's object.
type member struct {
	name  string
	value json.RawMessage
}

// members splits a JSON object into its members in order, refusing a name
// given twice (which a decoder into a map would silently accept).
func members(obj []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object (%v)", err)
	}
	seen := map[string]bool{}
	var out []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name := tok.(string) // an object's keys are strings
		if seen[name] {
			return nil, fmt.Errorf("the name %q is given twice", name)
		}
		seen[name] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%q: %w", name, err)
		}
		out = append(out, member{name, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() || dec.InputOffset() != int64(len(obj)) {
		return nil, errors.New("text after the object")
	}
	return out, nil
}
