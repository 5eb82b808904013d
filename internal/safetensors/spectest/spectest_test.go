package spectest

import (
	"encoding/binary"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/safetensors"
)

// file is a safetensors file of a header (padded to 8-byte alignment)
// and a buffer of float64 values.
func file(header string, values ...float64) []byte {
	for (8+len(header))%8 != 0 {
		header += " "
	}
	b := binary.LittleEndian.AppendUint64(nil, uint64(len(header)))
	b = append(b, header...)
	for _, x := range values {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
	}
	return b
}

func TestParse(t *testing.T) {
	written, err := safetensors.Marshal([]safetensors.Tensor{
		{Name: "slot0.stage0.W", Shape: []int{2, 2}, Data: []float64{1, 2, 3, math.Inf(-1)}},
		{Name: "scalar", Shape: []int{}, Data: []float64{0.5}},
		{Name: "empty", Shape: []int{0, 3}, Data: []float64{}},
	}, map[string]string{"epoch": "3"})
	if err != nil {
		t.Fatal(err)
	}
	tensors, meta, err := Parse(written)
	want := map[string]Tensor{"slot0.stage0.W": {Shape: []int{2, 2}, Data: []float64{1, 2, 3, math.Inf(-1)}},
		"scalar": {Shape: []int{}, Data: []float64{0.5}}, "empty": {Shape: []int{0, 3}, Data: []float64{}}}
	if err != nil || !reflect.DeepEqual(tensors, want) || meta["epoch"] != "3" {
		t.Errorf("package safetensors' file reads as %v %v (%v), want %v", tensors, meta, err, want)
	}
	tests := []struct {
		name string
		b    []byte
		err  string
	}{
		{"too short", []byte{1, 0}, "no room"},
		{"header past the end", binary.LittleEndian.AppendUint64(nil, 100), "header length 100"},
		{"not an object", file(`["w"]`), "begins with '['"},
		{"a name twice", file(`{"w":{"dtype":"F64","shape":[1],"data_offsets":[0,8]},"w":{"dtype":"F64","shape":[1],"data_offsets":[8,16]}}`, 1, 2), `"w" is given twice`},
		{"metadata not strings", file(`{"__metadata__":{"epoch":3}}`), "not an object of strings"},
		{"unknown field", file(`{"w":{"dtype":"F64","shape":[1],"data_offsets":[0,8],"x":1}}`, 1), "unknown field"},
		{"other dtype", file(`{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}`, 1), `dtype "F32"`},
		{"shape and offsets disagree", file(`{"w":{"dtype":"F64","shape":[2],"data_offsets":[0,8]}}`, 1), "shape [2]"},
		{"a hole", file(`{"w":{"dtype":"F64","shape":[1],"data_offsets":[8,16]}}`, 1, 2), "hole or an overlap at byte 0"},
		{"uncovered bytes", file(`{"w":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}}`, 1, 2), "cover 8 of the byte buffer's 16"},
	}
	for _, tc := range tests {
		if _, _, err := Parse(tc.b); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
	}
}
