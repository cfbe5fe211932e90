package extract_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf"
)

func TestFailureDetail(t *testing.T) {
	t.Parallel()
	engineErr := errors.New("pdfium: memory limit reached")
	for _, c := range []struct {
		err  error
		want string
	}{
		{nil, ""},
		{fmt.Errorf("read: %w (FPDF_LoadPage)", &pdf.LimitError{Limit: "PDF engine memory limit of 256 MiB per document", Err: engineErr}),
			"PDF engine memory limit of 256 MiB per document reached."},
		{extract.ErrTimeout, "The document took longer to process than the time limit per document."},
		{extract.ErrTooManyPages, "The PDF has more than the maximum of 200 pages."},
		{extract.ErrUnsupportedType, "The file is not a PDF, JPEG or PNG."},
		{extract.ErrPasswordRequired, "The PDF is encrypted and the password is missing or wrong."},
		{fmt.Errorf("%w: xref table at offset 1234 of /tmp/x", extract.ErrMalformed), "The file is damaged or not readable."},
		{extract.ErrNoOCR, ""},
		{extract.ErrNoPDFEngine, ""},
		{errors.New("database is locked"), ""},
	} {
		require.Equal(t, c.want, extract.FailureDetail(c.err), "%v", c.err)
	}
	le := &pdf.LimitError{Limit: "x", Err: engineErr}
	require.ErrorIs(t, fmt.Errorf("wrapped: %w", le), engineErr, "the engine's sentinel stays reachable")
}

// A document out of time fails with ErrTimeout, and its detail names the
// configured limit.
func TestTimeoutNamesLimit(t *testing.T) {
	t.Parallel()
	x, err := extract.New(extract.Config{PDF: pdfEngine(t), NoOCR: true, Timeout: time.Nanosecond})
	require.NoError(t, err)
	defer x.Close()
	_, err = x.Extract(context.Background(), extract.Input{Data: pdfOf(t, 2, "Invoice"), DocType: docextract.Invoice})
	require.ErrorIs(t, err, extract.ErrTimeout)
	require.Equal(t, "Processing time limit of 1ns per document reached.", extract.FailureDetail(err))
}

// An image whose header declares more pixels than the decoder may allocate
// is refused before decoding, naming the limit; it is still ErrMalformed.
func TestImagePixelLimitNamed(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1))))
	huge := b.Bytes()
	// IHDR is the first chunk: 8 bytes signature, 4 length, 4 type, then
	// width and height; its CRC covers type and data (17 bytes).
	binary.BigEndian.PutUint32(huge[16:], 10_000)
	binary.BigEndian.PutUint32(huge[20:], 10_000)
	binary.BigEndian.PutUint32(huge[29:], crc32.ChecksumIEEE(huge[12:29]))
	x, err := extract.New(extract.Config{NoOCR: true})
	require.NoError(t, err)
	_, err = x.Inspect(context.Background(), huge, "")
	require.ErrorIs(t, err, extract.ErrMalformed)
	require.Equal(t, "Image size limit of 60 megapixels reached.", extract.FailureDetail(err))
	_, err = x.Extract(context.Background(), extract.Input{Data: huge, DocType: docextract.Receipt})
	require.Equal(t, "Image size limit of 60 megapixels reached.", extract.FailureDetail(err))
}
