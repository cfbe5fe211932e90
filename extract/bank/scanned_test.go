package bank_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/bank"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/internal/scantest"
	"github.com/docextract/docextract/internal/testdocs"
)

// TestScannedStatementSuite reads the generated statements of
// TestStatementLayoutSuite as scans: every page rendered by PDFium at 200
// dpi, turned grey, rotated by a fraction of a degree, softened, given
// noise and saved as a JPEG of quality 70 (testdocs.Scan), then uploaded
// to the whole extractor as a bank statement (one page as its JPEG, two as
// a PDF of page images), which reads it with tesseract. The same fields
// are scored, per part, and logged (-v); the test fails below each part's
// bar. Tesseract runs are cached under os.TempDir() (scantest.CacheDir).
func TestScannedStatementSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR of every layout")
	}
	r := scantest.New(t)
	start := time.Now()
	names, parts := bank.ScanParts(t)
	for i, stmts := range parts {
		share, report := scoreScanned(t, r, stmts)
		t.Logf("%s part, scanned\n%s", names[i], report)
		require.GreaterOrEqual(t, share, scannedBar[names[i]], "share of fields read from scans, %s part", names[i])
	}
	t.Logf("%v, tesseract CPU %v", time.Since(start).Round(time.Second), r.TesseractCPU().Round(time.Second))
}

// scannedBar is the share of fields each part must read from the scans,
// a little under what was read when it was set (tesseract 5.3, six
// languages): tune 72/144 (50.0%), report 32/72 (44.4%) at first; 120/144
// (83.3%) and 61/72 (84.7%) once a scan's lines were straightened
// (layout.Straighten); 128/144 (88.9%) and 63/72 (87.5%) turning them
// rather than shearing, with "1 355,52" joined across an OCR gap; 134/144
// (93.1%) and 65/72 (90.3%) with continuation lines a few pixels left of
// the description column kept and "BLZ37050198 O" read as a zero;
// 142/144 (98.6%) with a row whose date OCR dropped kept when the balances
// need it.
//
// The produced part (every produced statement, 9 transactions on one
// page) was first scanned on 2026-11-27, after their text-path rules but
// before any rule for their scans: 134/162 (82.7%): U+2212 minus signs
// dropped or read as em dashes, three rows whose dates tesseract did not
// read. 138 with signs mended from the balances (mendSigns), 145 with
// dateless rows the balances need, 149/162 (92.0%) with an em dash read as
// a minus. Left: a date misread as another valid date ("11.12." as
// "1.12:"), payee lines (a purpose line taken for the payee), a Consors
// opening balance.
//
// The fifth produced batch joined the part the same day, after its text
// rules: the part as a whole 197/225 (87.6%), and 190/225 without the
// dateless rows; its "finanzreport" layout reads nothing from a scan (1/9),
// and with the fifth batch's text rules the browser print fell from 8/9 to
// 4/9 and Postbank from 9/9 to 8/9 (a row lost, a payee): to be looked at.
// 205/225 (91.1%) after: the finanzreport scan is a cover letter and a
// statement page headed "... - Seite 2", which the document splitter took
// for two documents (a bare page number above one now continues the
// pages before it: 1/9 -> 9/9); on OCR pages the gaps inside a browser
// print's row blocks and between them are told apart by where the sorted
// gaps jump (ocrBlockGap), not by fixed shares of the line height. (The
// browser print's scan changed with the fifth batch too: its place in the
// part sets its turn and noise. Left: its cash row, whose amount OCR read
// as "LEE", and a payee OCR garbled, "EUS.AR.L.".) 213/225 (94.7%) with
// three rules for OCR lines: a line whose middle lies within the line
// before and whose words stand beside its words is part of that row
// (Consors' opening balance, a Deutsche Bank amount set a few pixels
// lower), a quote before an amount ('"558,36') is dropped and the sign
// left to the balances, and description cells of an OCR line are apart
// only by twice a word's height (word boxes stop short: Postbank's payee
// read column by column). The report part rose to 70/72 (97.2%) with them
// (kbc-be untitled). Left: commerzbank (OCR set "Bonn GmbH" on the date
// line above "Stadtwerke"), dkb-2023 and genossenschaft (OCR letters:
// "S.AR.L.", "It." for "lt."), the browser print, targobank and
// deutsche-bank-sh's dateless rows, a December date misread.
var scannedBar = map[string]float64{"tune": 0.97, "report": 0.96, "produced": 0.94}

// scanDegrees is the rotation of the i-th statement's scan: alternately
// clockwise and counter-clockwise, 0.3 to 0.9 degrees.
func scanDegrees(i int) float64 {
	d := 0.3 + 0.15*float64(i%5)
	if i%2 == 1 {
		d = -d
	}
	return d
}

func scoreScanned(t *testing.T, r *scantest.Reader, stmts []bank.ScanStatement) (float64, string) {
	type result struct {
		res    map[string]bool
		misses []string
	}
	results := make([]result, len(stmts))
	scantest.Parallel(len(stmts), func(i int) {
		s := stmts[i]
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		data, note, err := r.Read(ctx, s.PDF, docextract.BankStatement, scanDegrees(i), uint64(i))
		if err != nil {
			t.Errorf("%s: %v", s.Name, err)
			return
		}
		st, _ := data.(*docextract.BankStatementData)
		if st == nil {
			st = &docextract.BankStatementData{}
		}
		res, misses := s.Score(st)
		if note != "" {
			misses = append([]string{note}, misses...)
		}
		results[i] = result{res, misses}
	})
	var tally testdocs.Tally
	for i, s := range stmts {
		tally.Add(fmt.Sprintf("%-23s %d pages", s.Name, s.Pages), results[i].res, results[i].misses)
	}
	return tally.Share(), tally.Report("statements")
}

// TestScanSkewMeasured: on real OCR output of a turned scan, layout.Skew
// finds the turn that was applied (testdocs.Scan turns counter-clockwise
// by degrees, so lines run up to the right: a negative slope), and
// layout.Straighten leaves the page level.
func TestScanSkewMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR")
	}
	r := scantest.New(t)
	_, parts := bank.ScanParts(t)
	for i, s := range parts[0][:4] {
		pages, err := r.Pages(context.Background(), s.PDF, scanDegrees(i), uint64(i))
		require.NoError(t, err)
		for _, p := range pages {
			slope, ok := layout.Skew(&p)
			require.True(t, ok, s.Name)
			want := -math.Tan(scanDegrees(i) * math.Pi / 180)
			require.InDelta(t, want, slope, 0.002, "%s page %d", s.Name, p.Number)
			level := layout.Straighten(p)
			after, _ := layout.Skew(&level)
			require.InDelta(t, 0, after, 0.0015, "%s page %d straightened", s.Name, p.Number)
		}
	}
}

// TestScannedProduced6 scans the sixth produced batch (every layout, 9
// transactions on one page; scannedProduced6Bar says how it scored).
func TestScannedProduced6(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR of every layout")
	}
	r := scantest.New(t)
	share, report := scoreScanned(t, r, bank.Produced6ScanStatements(t))
	t.Logf("sixth produced batch, scanned\n%s", report)
	require.GreaterOrEqual(t, share, scannedProduced6Bar, "share of fields read from scans, sixth produced batch")
}

// scannedProduced6Bar: the sixth produced batch scanned (13 layouts, its
// tune, report and later report parts), measured once after its text
// rules, before any rule for its scans: 95/117 (81.2%), 8 of 13 all right.
// Misses: no transaction read from the UK high-street scan (the day's
// date printed once, the amount on a row's last line); rows lost from the
// money-transfer fintech's (its date under the description) and the UK
// app bank's (three credits); one row lost from the Italian bank's; the
// French footer IBAN, as on its text layer. 97/117 (82.9%), 9 of 13, with
// the footer IBAN rule of the text path. 101/117 (86.3%) once a date OCR
// glued together is split on OCR lines ("01 Oct23", "040ct23" for "04 Oct
// 23": a month name glued to its year, the day glued before it or a day
// number before it): the UK high-street scan 4/9 -> 8/9 (a payee left:
// OCR glued "J MORRISON"). Left: rows lost from the fintech's, the UK app
// bank's and the Italian bank's scans.
//
// 111/117 (94.9%), 11 of 13, once an OCR'd row whose running balance was
// read but not its amount takes the difference of the balances as its
// amount, given evidence that an amount stands there (amountFromBalances):
// the fintech's "1,373.17" OCR'd as "191847" under "Incoming" (4/9 ->
// 9/9: the rows after it had been lost too); the UK app bank's credits,
// their "IN" title dropped by OCR, so their amounts stood outside every
// column (4/9 -> 9/9). Left: the Italian bank's "157,13" OCR'd as
// "167:13" (no running balance to tell), the UK high-street payee.
//
// 116/117 with every document page read a second time in one uniform
// block (ocr.Config.AltPSM), 111/117 again once that second reading is
// made only on pages the first left text unread: the Italian bank's scan
// 9/9 -> 4/9 (a row lost, as before the second reading; nothing is left
// unread on its page by the measure, a row misread is not unread).
// Chosen for the real invoices read as scans (+7 fields, 15% less
// tesseract time).
const scannedProduced6Bar = 111.0 / 117

// TestScannedKinds9 scans the ninth statement batch (each one-statement
// layout, 9 transactions; scannedKinds9Bar says how it scored).
func TestScannedKinds9(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR of every layout")
	}
	r := scantest.New(t)
	share, report := scoreScanned(t, r, bank.Kinds9ScanStatements(t))
	t.Logf("ninth statement batch, scanned\n%s", report)
	require.GreaterOrEqual(t, share, scannedKinds9Bar, "share of fields read from scans, ninth statement batch")
}

// scannedKinds9Bar: the ninth statement batch scanned (its six layouts of
// one statement, the landscape export included; the multi-currency file of
// two statements left out), first measured after the batch's text rules,
// before any rule for its scans: 52/54 (96.3%), 4 of 6 all right. Left:
// the Irish IBAN, which OCR misread, and a Spanish payee ("ISABEL Il").
const scannedKinds9Bar = 52.0 / 54

// TestScannedKinds10 scans the tenth statement batch (each one-statement
// layout, 9 transactions; scannedKinds10Bar says how it scored).
func TestScannedKinds10(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR of every layout")
	}
	r := scantest.New(t)
	share, report := scoreScanned(t, r, bank.Kinds10ScanStatements(t))
	t.Logf("tenth statement batch, scanned\n%s", report)
	require.GreaterOrEqual(t, share, scannedKinds10Bar, "share of fields read from scans, tenth statement batch")
}

// scannedKinds10Bar: the tenth statement batch scanned (its layouts of
// one statement; the credit union's file of two left out), first measured
// after the batch's text rules, before any rule for its scans: the first
// ten layouts 86/90 (95.6%), 6 of 10 all right (the Geneva statement's
// opening balance, as on its text layer); 87/90 once "Solde reporté" was
// read. With the later2 part's three: 112/117 (95.7%), the building
// society's "03MAR23" dates unread, OCR'd in capitals; 113/117 (96.6%), 9
// of 13, once a glued date's month in capitals is split on OCR lines too.
// With the later3 part's three, as they came: 137/144 (95.1%), 11 of 16
// (the US community bank's currency, as on its text layer, and its
// "1,307.92" OCR'd as "4307.92", which its running balances contradict);
// 139/144 (96.5%), 11 of 16, once an amount OCR misread by one digit takes
// the difference of its row's running balances when the closing balance
// then holds (mendDigits); 140/144 (97.2%), 12 of 16, once a statement
// naming its currency nowhere is read in USD from the bank's own US
// letterhead address (headerCurrency). Left: payees OCR misread ("ISABEL
// Il", "REF 1D:0022471", "FAVOREFICINE"), one with a date read into it.
// The bar is one field under.
const scannedKinds10Bar = 139.0 / 144

// TestScannedKinds11 scans the eleventh and twelfth statement batches
// (each layout, 9 transactions; scannedKinds11Bar says how they scored).
func TestScannedKinds11(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR of every layout")
	}
	r := scantest.New(t)
	share, report := scoreScanned(t, r, bank.Kinds11ScanStatements(t))
	t.Logf("eleventh and twelfth statement batches, scanned\n%s", report)
	require.GreaterOrEqual(t, share, scannedKinds11Bar, "share of fields read from scans, eleventh and twelfth statement batches")
}

// scannedKinds11Bar: the eleventh and twelfth statement batches scanned
// (their six layouts, 9 transactions each), first measured after the
// twelfth batch's text rule, before any rule for their scans: 53/54
// (98.1%), 5 of 6 all right. Left: a Spanish payee OCR'd "CANAL DE
// ISABEL Il", as in the ninth batch. The bar is one field under.
const scannedKinds11Bar = 52.0 / 54
