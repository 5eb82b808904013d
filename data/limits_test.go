package data

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/format"
)

// A Snappy or Zstd page that claims to decompress to more than its header says is
// damaged, before Snappy's decoder allocates what it claims; a page that
// decompresses to its header's size, and a page of another codec, pass.
func TestSkipPageClaimedSize(t *testing.T) {
	values := bytes.Repeat([]byte("0123456789"), 10)
	good := snappy.Encode(nil, values)
	huge := append(binary.AppendUvarint(nil, 1<<31), 0, 1, 2, 3)
	enc, err := zstd.NewWriter(nil, zstd.WithSingleSegment(true)) // a single segment declares its size
	if err != nil {
		t.Fatal(err)
	}
	zgood := enc.EncodeAll(values, nil)

	tests := []struct {
		name    string
		codec   format.CompressionCodec
		page    []byte
		size    int32 // the header's uncompressed size
		damaged bool
	}{
		{"snappy, as its header says", format.Snappy, good, int32(len(values)), false},
		{"snappy, claiming 2 GiB", format.Snappy, huge, int32(len(values)), true},
		{"snappy, more than its header says", format.Snappy, good, int32(len(values) - 1), true},
		{"snappy, not snappy", format.Snappy, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 100, true},
		{"zstd, as its header says", format.Zstd, zgood, int32(len(values)), false},
		{"zstd, more than its header says", format.Zstd, zgood, int32(len(values) - 1), true},
		{"zstd, not zstd: left to the decoder", format.Zstd, huge, 100, false},
		{"gzip, not read", format.Gzip, huge, 100, false},
	}
	for _, tt := range tests {
		hdr := &format.PageHeader{Type: format.DataPage, CompressedPageSize: int32(len(tt.page)), UncompressedPageSize: tt.size}
		err := skipPage(bufio.NewReader(bytes.NewReader(tt.page)), tt.codec, hdr)
		if got := errors.Is(err, errDamaged); got != tt.damaged || (err != nil && !got) {
			t.Errorf("%s: %v, want damaged %v", tt.name, err, tt.damaged)
		}
	}
}
