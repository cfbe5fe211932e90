package ocr

import (
	"encoding/binary"
	"image"
)

// exifOrientation returns the orientation a JPEG's Exif data gives its
// pixels (1..8, as TIFF tag 0x0112 numbers them; 1 is upright), or 1 when
// there is none or the data is not a JPEG. Phones store a photo as the
// sensor saw it and record how to turn it here: a receipt photographed in
// portrait is often stored sideways with orientation 6. It reads at most
// the markers before the image data and checks every offset, so hostile
// bytes cost nothing and cannot panic.
func exifOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0xD8 || marker >= 0xD0 && marker <= 0xD7 || marker == 0x01:
			i += 2
			continue
		case marker == 0xDA || marker == 0xD9: // image data or end: no Exif before it
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads tag 0x0112 from the first IFD of a TIFF header.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[off:]))
	for k := 0; k < count; k++ {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:]) == 0x0112 && bo.Uint16(t[e+2:]) == 3 { // SHORT
			if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// orient turns g upright as Exif orientation o says: 3 turns it by 180°,
// 6 by 90° clockwise, 8 by 90° anticlockwise, and 2, 4, 5, 7 mirror it
// as well.
func orient(g *image.Gray, o int) *image.Gray {
	switch o {
	case 2:
		return mirror(g)
	case 3:
		return rotate90(g, 180)
	case 4:
		return mirror(rotate90(g, 180))
	case 5:
		return mirror(rotate90(g, 90))
	case 6:
		return rotate90(g, 90)
	case 7:
		return mirror(rotate90(g, 270))
	case 8:
		return rotate90(g, 270)
	}
	return g
}

// mirror flips g left to right.
func mirror(g *image.Gray) *image.Gray {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		src := g.Pix[y*g.Stride : y*g.Stride+w]
		row := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		for x := range w {
			row[x] = src[w-1-x]
		}
	}
	return dst
}
