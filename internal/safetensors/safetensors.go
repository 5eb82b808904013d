// Package safetensors reads and writes float64 tensors in the safetensors
// format (https://github.com/huggingface/safetensors): an 8-byte
// little-endian header length, a JSON header that maps each tensor's name to
// its dtype, shape and byte range, and the tensors' little-endian data, in
// the order given. The header is padded with spaces to a multiple of 8
// bytes. Only the F64 dtype is written and read.
//
// A reader takes the tensors it expects by name and shape from a Set
// (Index, Take, TakeAll) and checks that none is left (Rest); Named names
// copies of a model's weights, such as Adam's moments in a checkpoint
// ("adam.m.NAME").
package safetensors

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
)

// Tensor is one named tensor: its shape and row-major data.
type Tensor struct {
	Name  string
	Shape []int
	Data  []float64
}

type entry struct {
	Dtype   string `json:"dtype"`
	Shape   []int  `json:"shape"`
	Offsets [2]int `json:"data_offsets"`
}

// maxHeader bounds the JSON header a reader accepts.
const maxHeader = 100 << 20

// Marshal encodes tensors (with optional string metadata) as a safetensors
// file. Names must be unique and not "__metadata__"; each tensor's data must
// hold the product of its shape.
func Marshal(tensors []Tensor, metadata map[string]string) ([]byte, error) {
	header := map[string]any{}
	if len(metadata) > 0 {
		header["__metadata__"] = metadata
	}
	off := 0
	for _, t := range tensors {
		if _, dup := header[t.Name]; dup || t.Name == "" {
			return nil, fmt.Errorf("safetensors: tensor name %q is empty, reserved or repeated", t.Name)
		}
		if n := size(t.Shape, len(t.Data)); n != len(t.Data) {
			return nil, fmt.Errorf("safetensors: tensor %s has shape %v (%d values) but %d values", t.Name, t.Shape, n, len(t.Data))
		}
		header[t.Name] = entry{Dtype: "F64", Shape: append([]int{}, t.Shape...), Offsets: [2]int{off, off + 8*len(t.Data)}}
		off += 8 * len(t.Data)
	}
	h, err := json.Marshal(header)
	if err != nil {
		return nil, fmt.Errorf("safetensors: %w", err)
	}
	for len(h)%8 != 0 {
		h = append(h, ' ')
	}
	out := make([]byte, 8, 8+len(h)+off)
	binary.LittleEndian.PutUint64(out, uint64(len(h)))
	out = append(out, h...)
	for _, t := range tensors {
		for _, x := range t.Data {
			out = binary.LittleEndian.AppendUint64(out, math.Float64bits(x))
		}
	}
	return out, nil
}

// size is the number of values of a tensor of the shape, or -1 when a
// dimension is negative or the product exceeds limit.
func size(shape []int, limit int) int {
	n := 1
	for _, d := range shape {
		if d < 0 || d > 0 && n > limit/d {
			return -1
		}
		n *= d
	}
	return n
}

// placed is a tensor's entry in a file's header, by name.
type placed struct {
	name string
	e    entry
}

// header reads and checks a file's header: its F64 tensors in the order
// of their data, the metadata and the data bytes (see Unmarshal).
func header(b []byte) ([]placed, map[string]string, []byte, error) {
	if len(b) < 8 {
		return nil, nil, nil, fmt.Errorf("safetensors: %d bytes, too short for a header", len(b))
	}
	n := binary.LittleEndian.Uint64(b)
	if n > maxHeader || n > uint64(len(b)-8) {
		return nil, nil, nil, fmt.Errorf("safetensors: header of %d bytes does not fit the file's %d", n, len(b))
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(bytes.TrimRight(b[8:8+n], " "), &raw); err != nil {
		return nil, nil, nil, fmt.Errorf("safetensors: malformed header: %w", err)
	}
	data := b[8+n:]
	var meta map[string]string
	var ps []placed
	for name, r := range raw {
		if name == "__metadata__" {
			if err := json.Unmarshal(r, &meta); err != nil {
				return nil, nil, nil, fmt.Errorf("safetensors: malformed metadata: %w", err)
			}
			continue
		}
		var e entry
		if err := json.Unmarshal(r, &e); err != nil {
			return nil, nil, nil, fmt.Errorf("safetensors: tensor %s: malformed entry: %w", name, err)
		}
		count := size(e.Shape, len(data)/8)
		switch {
		case e.Dtype != "F64":
			return nil, nil, nil, fmt.Errorf("safetensors: tensor %s has dtype %s, want F64", name, e.Dtype)
		case count < 0 || e.Offsets[0] < 0 || e.Offsets[1] > len(data) || e.Offsets[1]-e.Offsets[0] != 8*count:
			return nil, nil, nil, fmt.Errorf("safetensors: tensor %s: shape %v and byte range %v do not fit %d data bytes", name, e.Shape, e.Offsets, len(data))
		}
		ps = append(ps, placed{name, e})
	}
	sort.Slice(ps, func(i, j int) bool {
		a, b := ps[i].e.Offsets, ps[j].e.Offsets
		return a[0] < b[0] || a[0] == b[0] && (a[1] < b[1] || a[1] == b[1] && ps[i].name < ps[j].name)
	})
	end := 0
	for _, p := range ps {
		if p.e.Offsets[0] != end {
			return nil, nil, nil, fmt.Errorf("safetensors: tensor %s starts at data byte %d, not at %d where the previous one ends: byte ranges must tile the data without gaps or overlaps", p.name, p.e.Offsets[0], end)
		}
		end = p.e.Offsets[1]
	}
	if end != len(data) {
		return nil, nil, nil, fmt.Errorf("safetensors: the tensors cover %d of the %d data bytes: byte ranges must tile the data without gaps", end, len(data))
	}
	return ps, meta, data, nil
}

// Unmarshal decodes a safetensors file of F64 tensors, returning them in
// the order of their data and the metadata. The tensors' byte ranges must
// tile the data exactly, in some order: no gap, no overlap, nothing after
// the last (the format's rule). Every malformation is an error that says
// what is wrong.
func Unmarshal(b []byte) ([]Tensor, map[string]string, error) {
	ps, meta, data, err := header(b)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Tensor, len(ps))
	for i, p := range ps {
		out[i] = Tensor{Name: p.name, Shape: p.e.Shape, Data: make([]float64, (p.e.Offsets[1]-p.e.Offsets[0])/8)}
		decode(out[i].Data, data[p.e.Offsets[0]:p.e.Offsets[1]])
	}
	return out, meta, nil
}

// decode writes the little-endian float64s of src to dst.
func decode(dst []float64, src []byte) {
	for k := range dst {
		dst[k] = math.Float64frombits(binary.LittleEndian.Uint64(src[8*k:]))
	}
}

// DecodeInto decodes a file of exactly like's tensors, each of like's
// shape, into like's data, and returns the metadata: what Unmarshal, Index,
// TakeAll and Rest do, with their errors, without a copy of the data. On
// an error like's data may have been written in part.
func DecodeInto(b []byte, like []Tensor) (map[string]string, error) {
	ps, meta, data, err := header(b)
	if err != nil {
		return nil, err
	}
	byName := make(map[string]entry, len(ps))
	for _, p := range ps {
		byName[p.name] = p.e
	}
	for _, t := range like {
		e, ok := byName[t.Name]
		if err := wanted(t.Name, ok, e.Shape, t.Shape); err != nil {
			return nil, err
		}
		if n := (e.Offsets[1] - e.Offsets[0]) / 8; len(t.Data) != n {
			return nil, fmt.Errorf("tensor %s: %d values to decode into, the file has %d", t.Name, len(t.Data), n)
		}
		decode(t.Data, data[e.Offsets[0]:e.Offsets[1]])
		delete(byName, t.Name)
	}
	return meta, unexpected(slices.Sorted(maps.Keys(byName)))
}

// wanted reports a tensor a reader expects, of name and shape, that the
// file does not have (ok false) or has of another shape (got).
func wanted(name string, ok bool, got, shape []int) error {
	switch {
	case !ok:
		return fmt.Errorf("no tensor %s", name)
	case !slices.Equal(got, shape):
		return fmt.Errorf("tensor %s has shape %v, want %v", name, got, shape)
	}
	return nil
}

// unexpected reports the tensors, by sorted name, that no reader took.
func unexpected(names []string) error {
	if len(names) > 0 {
		return fmt.Errorf("tensor %s is not expected (%d unexpected tensors)", names[0], len(names))
	}
	return nil
}

// Named returns tensors named prefix+NAME with the names and shapes of
// like and the data of data, data[i] for like[i] (shared, not copied): a
// checkpoint's Adam moments ("adam.m.") or other copies of a model's
// weights. The data must have like's sizes (Marshal checks them).
func Named(prefix string, like []Tensor, data [][]float64) []Tensor {
	out := make([]Tensor, len(like))
	for i, t := range like {
		out[i] = Tensor{Name: prefix + t.Name, Shape: t.Shape, Data: data[i]}
	}
	return out
}

// Set is the tensors of a file by name, for a reader that takes the ones
// it expects (Take, TakeAll) and then checks that none is left (Rest).
type Set map[string]Tensor

// Index returns the tensors as a Set.
func Index(ts []Tensor) Set {
	s := Set{}
	for _, t := range ts {
		s[t.Name] = t
	}
	return s
}

// Has reports whether the set holds a tensor of that name.
func (s Set) Has(name string) bool {
	_, ok := s[name]
	return ok
}

// Take removes the tensor name from the set and returns its data; a
// missing tensor or another shape is an error that names it.
func (s Set) Take(name string, shape []int) ([]float64, error) {
	t, ok := s[name]
	if err := wanted(name, ok, t.Shape, shape); err != nil {
		return nil, err
	}
	delete(s, name)
	return t.Data, nil
}

// TakeAll takes the tensor prefix+NAME, with its shape, for each tensor of
// like (see Named), and returns their data in like's order.
func (s Set) TakeAll(prefix string, like []Tensor) ([][]float64, error) {
	out := make([][]float64, len(like))
	for i, t := range like {
		var err error
		if out[i], err = s.Take(prefix+t.Name, t.Shape); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Rest reports a tensor that no Take took, if any.
func (s Set) Rest() error { return unexpected(slices.Sorted(maps.Keys(s))) }
