package safetensors

import (
	"encoding/binary"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	tensors := []Tensor{
		{Name: "slot0.stage0.W", Shape: []int{2, 3}, Data: []float64{1, -2, 3.5, math.Inf(1), 0, 1e-300}},
		{Name: "slot0.stage0.b", Shape: []int{3}, Data: []float64{0.25, 0, -0}},
		{Name: "scalar", Shape: []int{}, Data: []float64{7}},
	}
	b, err := Marshal(tensors, map[string]string{"format": "pt"})
	if err != nil {
		t.Fatal(err)
	}
	if n := binary.LittleEndian.Uint64(b); (8+n)%8 != 0 || !strings.Contains(string(b[8:8+n]), `"dtype":"F64"`) {
		t.Errorf("header of %d bytes: %q", n, b[8:8+n])
	}
	got, meta, err := Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, tensors) || meta["format"] != "pt" {
		t.Errorf("read back %v %v, want %v", got, meta, tensors)
	}
}

func TestErrors(t *testing.T) {
	good, err := Marshal([]Tensor{{Name: "w", Shape: []int{2}, Data: []float64{1, 2}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	header := func(h string) []byte {
		b := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
		return append(append(b, h...), make([]byte, 16)...)
	}
	tests := []struct {
		name string
		b    []byte
		want string
	}{
		{"short", []byte{1, 2}, "too short"},
		{"header past the end", good[:12], "does not fit"},
		{"malformed header", header("{nope"), "malformed header"},
		{"other dtype", header(`{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}`), "dtype F32"},
		{"range past the data", header(`{"w":{"dtype":"F64","shape":[4],"data_offsets":[0,32]}}`), "do not fit"},
		{"shape and range disagree", header(`{"w":{"dtype":"F64","shape":[1],"data_offsets":[0,16]}}`), "do not fit"},
		{"overlapping ranges", header(`{"w":{"dtype":"F64","shape":[2],"data_offsets":[0,16]},"v":{"dtype":"F64","shape":[1],"data_offsets":[8,16]}}`), "tensor v starts at data byte 8, not at 16"},
		{"the same range twice", header(`{"w":{"dtype":"F64","shape":[2],"data_offsets":[0,16]},"v":{"dtype":"F64","shape":[2],"data_offsets":[0,16]}}`), "starts at data byte 0, not at 16"},
		{"a gap", header(`{"w":{"dtype":"F64","shape":[1],"data_offsets":[8,16]}}`), "tensor w starts at data byte 8, not at 0"},
		{"bytes after the last tensor", header(`{"w":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}}`), "the tensors cover 8 of the 16 data bytes"},
		{"a shape whose size overflows", header(`{"w":{"dtype":"F64","shape":[4294967296,4294967296],"data_offsets":[0,0]}}`), "do not fit"},
		{"a size that wraps around", header(`{"w":{"dtype":"F64","shape":[2305843009213693952],"data_offsets":[0,0]}}`), "do not fit"},
	}
	for _, tc := range tests {
		if _, _, err := Unmarshal(tc.b); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := Marshal([]Tensor{{Name: "w", Shape: []int{3}, Data: []float64{1}}}, nil); err == nil {
		t.Error("Marshal accepted a shape that does not fit the data")
	}
	if _, err := Marshal([]Tensor{{Name: "w", Shape: []int{1}, Data: []float64{1}}, {Name: "w", Shape: []int{1}, Data: []float64{1}}}, nil); err == nil {
		t.Error("Marshal accepted a repeated name")
	}
}

// A reader takes the tensors it expects by name and shape, and is told of
// a missing, misshapen or unexpected one.
func TestSet(t *testing.T) {
	like := []Tensor{{Name: "slot0.stage0.W", Shape: []int{2, 1}, Data: []float64{1, 2}}, {Name: "slot0.stage0.b", Shape: []int{1}, Data: []float64{3}}}
	moments := Named("adam.m.", like, [][]float64{{4, 5}, {6}})
	if moments[0].Name != "adam.m.slot0.stage0.W" || moments[1].Shape[0] != 1 || moments[1].Data[0] != 6 {
		t.Fatalf("Named: %v", moments)
	}
	tests := []struct {
		name  string
		ts    []Tensor
		taken [][]float64
		err   string
	}{
		{"all there", append(slices.Clone(like), moments...), [][]float64{{4, 5}, {6}}, ""},
		{"missing", like, nil, "no tensor adam.m.slot0.stage0.W"},
		{"misshapen", append(slices.Clone(like), Tensor{Name: "adam.m.slot0.stage0.W", Shape: []int{1, 2}, Data: []float64{4, 5}}, moments[1]),
			nil, "tensor adam.m.slot0.stage0.W has shape [1 2], want [2 1]"},
		{"unexpected", append(append(slices.Clone(like), moments...), Tensor{Name: "extra", Shape: []int{}, Data: []float64{0}}),
			[][]float64{{4, 5}, {6}}, "tensor extra is not expected"},
	}
	for _, tc := range tests {
		s := Index(tc.ts)
		if !s.Has("slot0.stage0.b") {
			t.Errorf("%s: Has does not find a tensor", tc.name)
		}
		weights, err := s.TakeAll("", like)
		if err != nil || !reflect.DeepEqual(weights, [][]float64{{1, 2}, {3}}) {
			t.Errorf("%s: weights %v, %v", tc.name, weights, err)
		}
		taken, err := s.TakeAll("adam.m.", like)
		if err == nil {
			err = s.Rest()
		}
		if !reflect.DeepEqual(taken, tc.taken) || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: took %v, error %v; want %v and %q", tc.name, taken, err, tc.taken, tc.err)
		}
	}
}

// DecodeInto takes exactly like's tensors, as Unmarshal, TakeAll and Rest
// do, with their errors, straight into like's data.
func TestDecodeInto(t *testing.T) {
	w := Tensor{Name: "w", Shape: []int{2, 1}, Data: []float64{1.5, -2}}
	b := Tensor{Name: "b", Shape: []int{1}, Data: []float64{3}}
	tests := []struct {
		name string
		file []Tensor
		err  string
	}{
		{"exactly like's", []Tensor{w, b}, ""},
		{"missing", []Tensor{w}, "no tensor b"},
		{"misshapen", []Tensor{{Name: "w", Shape: []int{1, 2}, Data: w.Data}, b}, "tensor w has shape [1 2], want [2 1]"},
		{"unexpected", []Tensor{w, b, {Name: "extra", Shape: []int{}, Data: []float64{0}}, {Name: "more", Shape: []int{}, Data: []float64{0}}},
			"tensor extra is not expected (2 unexpected tensors)"},
	}
	for _, tc := range tests {
		file, err := Marshal(tc.file, map[string]string{"format": "d4"})
		if err != nil {
			t.Fatal(err)
		}
		like := []Tensor{{Name: "w", Shape: []int{2, 1}, Data: make([]float64, 2)}, {Name: "b", Shape: []int{1}, Data: make([]float64, 1)}}
		meta, err := DecodeInto(file, like)
		if (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if err == nil && (!slices.Equal(like[0].Data, w.Data) || !slices.Equal(like[1].Data, b.Data) || meta["format"] != "d4") {
			t.Errorf("%s: decoded %v, %v, metadata %v", tc.name, like[0].Data, like[1].Data, meta)
		}
		// The same as the Set's way.
		if ts, _, err := Unmarshal(file); err == nil {
			s := Index(ts)
			_, err := s.TakeAll("", like)
			if err == nil {
				err = s.Rest()
			}
			if (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
				t.Errorf("%s: the Set's error %v, want %q", tc.name, err, tc.err)
			}
		}
	}
	if _, err := DecodeInto([]byte{1, 2}, nil); err == nil || !strings.Contains(err.Error(), "too short for a header") {
		t.Errorf("a malformed file: %v", err)
	}
}

// FuzzUnmarshal decodes arbitrary bytes: an error or tensors that tile the
// data exactly, never a panic or an allocation beyond the input's size.
func FuzzUnmarshal(f *testing.F) {
	good, err := Marshal([]Tensor{{Name: "w", Shape: []int{2}, Data: []float64{1, 2}}, {Name: "b", Shape: []int{1, 1}, Data: []float64{math.NaN()}}}, map[string]string{"format": "d4"})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	header := func(h string, data int) []byte {
		b := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
		return append(append(b, h...), make([]byte, data)...)
	}
	f.Add(header(`{"w":{"dtype":"F64","shape":[2],"data_offsets":[0,16]},"v":{"dtype":"F64","shape":[1],"data_offsets":[8,16]}}`, 16))
	f.Add(header(`{"w":{"dtype":"F64","shape":[2305843009213693952],"data_offsets":[0,0]}}`, 0))
	f.Add(header(`{"__metadata__":{"format":"d4"},"":{"dtype":"F64","shape":[],"data_offsets":[0,8]}}`, 8))
	f.Add(binary.LittleEndian.AppendUint64(nil, math.MaxUint64))
	f.Fuzz(func(t *testing.T, b []byte) {
		ts, _, err := Unmarshal(b)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		total := 0
		for _, x := range ts {
			if n := size(x.Shape, len(b)); n != len(x.Data) {
				t.Fatalf("tensor %s: shape %v, %d values", x.Name, x.Shape, len(x.Data))
			}
			total += 8 * len(x.Data)
		}
		if h := binary.LittleEndian.Uint64(b); total != len(b)-8-int(h) {
			t.Fatalf("tensors of %d bytes in %d data bytes", total, len(b)-8-int(h))
		}
	})
}
