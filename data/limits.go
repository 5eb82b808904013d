package data

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// What a Parquet file may ask of the reader. The footer, the page headers
// and the pages' sizes are checked against these bounds, and against the
// bytes the file holds, before parquet-go allocates anything for them, so
// that a damaged or hostile file is an error, not an exhausted memory.
const (
	// MaxRows bounds the rows of a file (Parquet or JSONL).
	MaxRows = 1 << 22
	// maxFooter bounds the footer (the file's metadata).
	maxFooter = 1 << 20
	// maxPageBytes and maxPageValues bound one page, uncompressed.
	maxPageBytes  = 1 << 28
	maxPageValues = 1 << 24
	// maxThriftDepth bounds the nesting of the footer's and the page
	// headers' structures.
	maxThriftDepth = 32
)

// openParquet opens the Parquet file in f, of size bytes, after checking its
// footer and every page header against the bounds above.
func openParquet(f io.ReaderAt, size int64) (*parquet.File, error) {
	if size < 12 {
		return nil, fmt.Errorf("not a Parquet file: %d bytes, too short for one", size)
	}
	var tail [8]byte
	if _, err := f.ReadAt(tail[:], size-8); err != nil {
		return nil, err
	}
	if string(tail[4:]) != "PAR1" {
		return nil, fmt.Errorf("not a Parquet file: it does not end in PAR1")
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4]))
	if n > size-12 || n > maxFooter {
		return nil, fmt.Errorf("not a Parquet file: its footer claims %d bytes, of a file of %d (at most %d)", n, size, min(size-12, maxFooter))
	}
	footer := make([]byte, n)
	if _, err := f.ReadAt(footer, size-8-n); err != nil {
		return nil, err
	}
	if _, err := checkThrift(bufio.NewReader(bytes.NewReader(footer)), n, false); err != nil {
		return nil, fmt.Errorf("not a Parquet file: its footer is damaged: %w", err)
	}
	pf, err := parquet.OpenFile(f, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("not a Parquet file: %w", oneLine{err})
	}
	if pf.NumRows() < 0 || pf.NumRows() > MaxRows {
		return nil, fmt.Errorf("the file says it holds %d rows, more than the %d a data file may hold", pf.NumRows(), MaxRows)
	}
	for i, rg := range pf.Metadata().RowGroups {
		for j, c := range rg.Columns {
			if err := checkChunk(f, size, &c.MetaData); err != nil {
				return nil, fmt.Errorf("row group %d, column %s: %w", i+1, columnName(strings.Join(rg.Columns[j].MetaData.PathInSchema, ".")), err)
			}
		}
	}
	return pf, nil
}

// errDamaged is wrapped by the errors of a column chunk or page whose
// sizes do not fit the file or the bounds.
var errDamaged = errors.New("damaged")

// checkChunk checks that a column chunk lies in the file and that its
// pages' headers tile it, each page no larger than the bounds.
func checkChunk(f io.ReaderAt, size int64, m *format.ColumnMetaData) error {
	if m.Codec == format.Lz4 || m.Codec == format.Lz4Raw {
		// parquet-go's LZ4 decoder doubles its buffer for as long as a
		// block fails to decode: a damaged page exhausts the memory.
		return fmt.Errorf("its pages are compressed with %s, which is not read (a damaged page would exhaust the memory): write the file with Snappy, Zstd or Gzip", m.Codec)
	}
	start, length := m.DataPageOffset, m.TotalCompressedSize
	if m.DictionaryPageOffset > 0 {
		start = m.DictionaryPageOffset
	}
	if start < 4 || length < 0 || length > size-start {
		return fmt.Errorf("%w: %d bytes at offset %d do not lie in the file's %d", errDamaged, length, start, size)
	}
	r := bufio.NewReader(io.NewSectionReader(f, start, length))
	for left := length; left > 0; {
		hdr, n, err := readPageHeader(r, left)
		if err != nil {
			return err
		}
		left -= n
		values := max(hdr.DataPageHeader.V.NumValues, hdr.DictionaryPageHeader.V.NumValues, hdr.DataPageHeaderV2.V.NumValues)
		switch {
		case hdr.CompressedPageSize < 0 || int64(hdr.CompressedPageSize) > left:
			return fmt.Errorf("%w: a page of %d bytes where %d remain", errDamaged, hdr.CompressedPageSize, left)
		case hdr.UncompressedPageSize < 0 || hdr.UncompressedPageSize > maxPageBytes:
			return fmt.Errorf("%w: a page of %d bytes uncompressed (at most %d)", errDamaged, hdr.UncompressedPageSize, maxPageBytes)
		case values < 0 || values > maxPageValues:
			return fmt.Errorf("%w: a page of %d values (at most %d)", errDamaged, values, maxPageValues)
		}
		if err := skipPage(r, m.Codec, &hdr); err != nil {
			return err
		}
		left -= int64(hdr.CompressedPageSize)
	}
	return nil
}

// skipPage reads past a page's data; a Snappy or Zstd page's data is
// read and the size it claims decompressed checked against its header's
// first: their decoders allocate the size a block or frame claims (up to
// 4 GiB for Snappy, more for Zstd).
func skipPage(r *bufio.Reader, codec format.CompressionCodec, hdr *format.PageHeader) error {
	if codec != format.Snappy && codec != format.Zstd {
		if _, err := r.Discard(int(hdr.CompressedPageSize)); err != nil {
			return fmt.Errorf("%w: %v", errDamaged, err)
		}
		return nil
	}
	b := make([]byte, hdr.CompressedPageSize) // no more than the file holds (checkChunk)
	if _, err := io.ReadFull(r, b); err != nil {
		return fmt.Errorf("%w: %v", errDamaged, err)
	}
	levels := 0 // a version-2 data page's levels come before its compressed values
	if v2 := hdr.DataPageHeaderV2.V; hdr.Type == format.DataPageV2 {
		if compressed, ok := v2.IsCompressed.Get(); ok && !compressed {
			return nil
		}
		levels = int(v2.RepetitionLevelsByteLength) + int(v2.DefinitionLevelsByteLength)
	}
	if levels < 0 || levels > len(b) {
		return fmt.Errorf("%w: a page's levels of %d bytes in %d", errDamaged, levels, len(b))
	}
	want := int(hdr.UncompressedPageSize) - levels
	if codec == format.Zstd {
		// The first frame's declared size; a frame that does not declare
		// one, or does not parse, is left to the decoder.
		var h zstd.Header
		if h.Decode(b[levels:]) == nil && h.HasFCS && h.FrameContentSize > uint64(max(want, 0)) {
			return fmt.Errorf("%w: a Zstd page claims %d bytes decompressed where its header says %d", errDamaged, h.FrameContentSize, want)
		}
		return nil
	}
	n, err := snappy.DecodedLen(b[levels:])
	if err != nil || n > want {
		return fmt.Errorf("%w: a Snappy page claims %d bytes decompressed where its header says %d (%v)", errDamaged, n, want, err)
	}
	return nil
}

// readPageHeader reads a page header of at most left bytes and returns it
// with its length.
func readPageHeader(r *bufio.Reader, left int64) (format.PageHeader, int64, error) {
	var hdr format.PageHeader
	b, err := checkThrift(r, left, true)
	if err != nil {
		return hdr, 0, fmt.Errorf("%w: a page header: %v", errDamaged, err)
	}
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), b, &hdr); err != nil {
		return hdr, 0, fmt.Errorf("%w: a page header: %v", errDamaged, err)
	}
	return hdr, int64(len(b)), nil
}

// checkThrift reads one struct of the Thrift compact protocol (the
// encoding of Parquet's metadata) from r, which holds at most left bytes,
// and checks that every length and count it declares fits the bytes that
// remain, so that decoding it allocates no more than its size. With keep,
// it returns the struct's bytes.
func checkThrift(r *bufio.Reader, left int64, keep bool) ([]byte, error) {
	t := &thriftCheck{r: r, left: left, keep: keep}
	err := t.structure(0)
	return t.b, err
}

// thriftCheck reads Thrift compact encoding, counting the bytes left.
type thriftCheck struct {
	r    *bufio.Reader
	left int64
	keep bool
	b    []byte
}

var errTruncated = errors.New("truncated")

func (t *thriftCheck) byte() (byte, error) {
	if t.left < 1 {
		return 0, errTruncated
	}
	c, err := t.r.ReadByte()
	if err != nil {
		return 0, errTruncated
	}
	t.left--
	if t.keep {
		t.b = append(t.b, c)
	}
	return c, nil
}

// skip reads n bytes.
func (t *thriftCheck) skip(n uint64) error {
	if n > uint64(t.left) {
		return fmt.Errorf("%d bytes declared where %d remain", n, t.left)
	}
	var err error
	if t.keep {
		start := len(t.b)
		t.b = append(t.b, make([]byte, n)...)
		_, err = io.ReadFull(t.r, t.b[start:])
	} else {
		_, err = t.r.Discard(int(n))
	}
	if err != nil {
		return errTruncated
	}
	t.left -= int64(n)
	return nil
}

// uvarint reads a varint of at most 10 bytes.
func (t *thriftCheck) uvarint() (uint64, error) {
	var x uint64
	for i := 0; i < 10; i++ {
		c, err := t.byte()
		if err != nil {
			return 0, err
		}
		x |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return x, nil
		}
	}
	return 0, errors.New("a varint of more than 10 bytes")
}

// structure reads a struct's fields up to its stop byte.
func (t *thriftCheck) structure(depth int) error {
	if depth > maxThriftDepth {
		return fmt.Errorf("structures nested more than %d deep", maxThriftDepth)
	}
	for {
		c, err := t.byte()
		if err != nil || c == 0 {
			return err
		}
		if c>>4 == 0 { // a field id of its own
			if _, err := t.uvarint(); err != nil {
				return err
			}
		}
		if err := t.value(c&0x0f, false, depth); err != nil {
			return err
		}
	}
}

// value reads a value of the compact type typ; inList says it is an
// element of a list, set or map, where a boolean takes a byte.
func (t *thriftCheck) value(typ byte, inList bool, depth int) error {
	switch typ {
	case 1, 2: // true, false
		if inList {
			return t.skip(1)
		}
		return nil
	case 3: // byte
		return t.skip(1)
	case 4, 5, 6: // integers
		_, err := t.uvarint()
		return err
	case 7: // double
		return t.skip(8)
	case 8: // binary
		n, err := t.uvarint()
		if err != nil {
			return err
		}
		return t.skip(n)
	case 9, 10: // list, set
		c, err := t.byte()
		if err != nil {
			return err
		}
		n := uint64(c >> 4)
		if n == 15 {
			if n, err = t.uvarint(); err != nil {
				return err
			}
		}
		return t.elements(n, 1, []byte{c & 0x0f}, depth)
	case 11: // map
		n, err := t.uvarint()
		if err != nil || n == 0 {
			return err
		}
		c, err := t.byte()
		if err != nil {
			return err
		}
		return t.elements(n, 2, []byte{c >> 4, c & 0x0f}, depth)
	case 12:
		return t.structure(depth + 1)
	}
	return fmt.Errorf("unknown type %d", typ)
}

// elements reads n elements of the types types, each of at least size
// bytes.
func (t *thriftCheck) elements(n, size uint64, types []byte, depth int) error {
	if n > uint64(t.left)/size {
		return fmt.Errorf("%d elements declared where %d bytes remain", n, t.left)
	}
	if depth >= maxThriftDepth {
		return fmt.Errorf("structures nested more than %d deep", maxThriftDepth)
	}
	for range n {
		for _, typ := range types {
			if err := t.value(typ, true, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// oneLine is an error of parquet-go, whose messages may quote a file's
// names raw, with what is not printable escaped ("\n"): an error line
// stays one line.
type oneLine struct{ err error }

func (e oneLine) Error() string {
	var b strings.Builder
	for _, r := range e.err.Error() {
		if unicode.IsPrint(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r)
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

func (e oneLine) Unwrap() error { return e.err }
