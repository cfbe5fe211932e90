package ocr_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/docextract/docextract/extract/ocr"
)

func ExampleNewTesseract() {
	e, err := ocr.NewTesseract(ocr.Config{Languages: []string{"eng", "deu"}})
	if errors.Is(err, ocr.ErrNotInstalled) {
		fmt.Println("no OCR available:", err)
		return
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	data, err := os.ReadFile("receipt.jpg")
	if err != nil {
		return
	}
	page, err := e.RecognizeEncoded(context.Background(), data)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range page.Words {
		fmt.Printf("%s at (%.0f,%.0f) conf %.0f\n", w.Text, w.X0, w.Y0, w.Conf)
	}
}

func ExampleParseTSV() {
	tsv := "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
		"5\t1\t1\t1\t1\t1\t75\t32\t100\t31\t96.5\tTOTAL\n" +
		"5\t1\t1\t1\t1\t2\t200\t33\t60\t30\t91\t12.50\n"
	words, _ := ocr.ParseTSV([]byte(tsv))
	for _, w := range words {
		fmt.Println(w.Text, w.X0, w.Y0, w.X1, w.Y1, w.Conf)
	}
	// Output:
	// TOTAL 75 32 175 63 96.5
	// 12.50 200 33 260 63 91
}
