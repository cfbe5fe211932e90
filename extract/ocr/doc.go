// Package ocr turns images into positioned words (layout.Page) with an
// optical character recogniser.
//
// Engine is the small interface the rest of extract consumes, so the
// recogniser can be injected or faked in tests. Tesseract implements it with
// the tesseract command-line program (version 4 or later): the image goes in
// on standard input, TSV (word boxes and confidences) comes back on standard
// output, no temporary files are written, and the process is killed when the
// context ends.
//
// Tesseract also handles the trouble of phone photos and poor scans: a JPEG
// is first turned as its Exif orientation says (phones store a portrait
// photo sideways and record the turn there); pages still upside down or
// sideways are turned by tesseract's orientation detection
// (or, without the osd data, by trying the rotations and keeping the most
// confident reading); small skew is measured on the recognised lines and
// removed; small images are upscaled so that text reaches a size the
// recogniser reads well. The lines of a reading that hold values (a value
// label without its value, as when the page segmentation dropped a column;
// dates; times) can be read again in another segmentation mode, cut out of
// the image as bands and stacked into one small image, and the digits of
// that reading merged word by word (Config.RereadPSM; Tesseract.Receipts
// sets it up for shop receipts).
//
// Measured and not kept (SROIE receipts): a contrast stretch with Sauvola
// binarisation before tesseract lost totals and merchants (12 receipts:
// 34 of 48 fields right before, 27 after); tesseract's own thresholding
// does better on these scans. A second reading of the whole image in
// segmentation mode 6 (the previous way of Receipts) cost more tesseract
// time and lost merchants; upscaling the value bands lost totals.
//
// This package does not interpret text: reading lines, amounts and fields is
// the business of layout, textparse and the document extractors.
package ocr
