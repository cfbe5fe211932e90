package textparse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseDate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in    string
		order DateOrder
		want  string
	}{
		{"05.03.2018", DMY, "2018-03-05"},
		{"05.03.18", DMY, "2018-03-05"},
		{"05.03.2018", MDY, "2018-03-05"},
		{"31/12/2018", DMY, "2018-12-31"},
		{"31/12/2018", MDY, "2018-12-31"},
		{"12/31/2018", DMY, "2018-12-31"},
		{"03/04/2024", DMY, "2024-04-03"},
		{"17.08.2014.", DMY, "2014-08-17"},
		{"03/04/2024", MDY, "2024-03-04"},
		{"02/17/26", DMY, "2026-02-17"},
		{"2024-01-02", DMY, "2024-01-02"},
		{"2024/1/2", DMY, "2024-01-02"},
		{"20181230", DMY, "2018-12-30"},
		{"07.mai.2014", DMY, "2014-05-07"},
		{"3.Aug.2014", DMY, "2014-08-03"},
		{"2 Jan 2024", DMY, "2024-01-02"},
		{"2. Januar 2024", DMY, "2024-01-02"},
		{"2. März 2024", DMY, "2024-03-02"},
		{"2 janvier 2024", DMY, "2024-01-02"},
		{"1er février 2024", DMY, "2024-02-01"},
		{"2 januari 2024", DMY, "2024-01-02"},
		{"2 de enero de 2024", DMY, "2024-01-02"},
		{"2 gennaio 2024", DMY, "2024-01-02"},
		{"Jan 2, 2024", DMY, "2024-01-02"},
		{"January 2nd, 2024", DMY, "2024-01-02"},
		{"February 17, 2026", DMY, "2026-02-17"},
		{"02-Jan-24", DMY, "2024-01-02"},
		{"2-Dec-2024", DMY, "2024-12-02"},
		{"17 décembre 2025", DMY, "2025-12-17"},
		{"Sept. 3, 2021", DMY, "2021-09-03"},
		{"August 3 , 2014", DMY, "2014-08-03"},
		{"3. Aug. 2014", DMY, "2014-08-03"},
		{"18 april 2014", DMY, "2014-04-18"},
		{"2014/08/03", DMY, "2014-08-03"},
		{"Monday, August 3, 2014", DMY, "2014-08-03"},
		{"3rd of August 2014", DMY, "2014-08-03"},
		{"03 Aug, 2014", DMY, "2014-08-03"},
		{"3 mrt 2014", DMY, "2014-03-03"},
		{"le 3 août 2014", DMY, "2014-08-03"},
		{"mercredi 3 décembre 2014", DMY, "2014-12-03"},
		{"Donnerstag, 3. Juli 2014", DMY, "2014-07-03"},
		{"1° agosto 2014", DMY, "2014-08-01"},
		{"3 agosto, 2014", DMY, "2014-08-03"},
		{"03. 08. 2014", DMY, "2014-08-03"},
		{"2014-08-03T10:00:00Z", DMY, "2014-08-03"},
		{"2014 Aug 03", DMY, "2014-08-03"},
		{"3-AUG-2014", DMY, "2014-08-03"},
		{"Aug 3rd 2014", DMY, "2014-08-03"},
		{"3 févr. 2015", DMY, "2015-02-03"},
		{"12 ott 2019", DMY, "2019-10-12"},
		{"15 dic. 2020", DMY, "2020-12-15"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := ParseDate(tt.in, tt.order)
			require.True(t, ok)
			require.Equal(t, tt.want, got)
		})
	}
}

func TestParseDateRejects(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "31.02.2024", "1.234,56", "13/13/2024", "2024-13-01", "12345678", "DE123456789", "foo 2 2024", "05.03-2018",
		"August 2014", "3 4 2014", "May 2014 Aug", "August 3", "32 Aug 2014", "Aug 3 14", "3 Aug 2014 5", "30 Feb 2024", "1 Feb - 28", "3 Aug / 14"} {
		_, ok := ParseDate(in, DMY)
		require.False(t, ok, in)
	}
}

func TestFindDates(t *testing.T) {
	t.Parallel()
	toks := strings.Fields("Handelsrechnung (380) Nr. 471102 vom 05.03.2018 und 2. Januar 2024")
	got := FindDates(toks, DMY)
	require.Equal(t, []DateMatch{{5, 6, "2018-03-05"}, {7, 10, "2024-01-02"}}, got)
	got = FindDates(strings.Fields("Date: Jan 2, 2024 due"), DMY)
	require.Equal(t, []DateMatch{{1, 4, "2024-01-02"}}, got)
	// A date printed with a space before its comma, inside a sentence.
	got = FindDates(strings.Fields("TOTAL AMOUNT DUE ON August 3 , 2014 $4.11"), DMY)
	require.Equal(t, []DateMatch{{4, 8, "2014-08-03"}}, got)
	// A period "1 Feb - 28 Feb 2023": the dash joins two dates, "1 Feb -
	// 28" is not 1 February 2028.
	got = FindDates(strings.Fields("Statement 1 Feb - 28 Feb 2023"), DMY)
	require.Equal(t, []DateMatch{{4, 7, "2023-02-28"}}, got)
}

func TestParseDayMonth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in         string
		order      DateOrder
		month, day int
	}{
		{"01.03.", DMY, 3, 1}, {"01.03", DMY, 3, 1}, {"1 Mar", DMY, 3, 1}, {"3. März", DMY, 3, 3},
		{"03/01", DMY, 1, 3}, {"03/01", MDY, 3, 1}, {"01.03.", MDY, 3, 1}, {"Mar 1", DMY, 3, 1},
		{"29.02.", DMY, 2, 29}, {"15-12", DMY, 12, 15},
	}
	for _, tt := range tests {
		m, d, ok := ParseDayMonth(tt.in, tt.order)
		require.True(t, ok, tt.in)
		require.Equal(t, []int{tt.month, tt.day}, []int{m, d}, tt.in)
	}
	for _, in := range []string{"1.234", "13.13.", "12,50", "31.04.", "EUR", "1 234", "Mar 2024", "0.5"} {
		_, _, ok := ParseDayMonth(in, DMY)
		require.False(t, ok, in)
	}
}

func TestDateInPeriod(t *testing.T) {
	t.Parallel()
	tests := []struct {
		m, d       int
		start, end string
		want       string
	}{
		{3, 4, "2024-03-01", "2024-03-31", "2024-03-04"},
		{12, 30, "2023-12-15", "2024-01-14", "2023-12-30"},
		{1, 3, "2023-12-15", "2024-01-14", "2024-01-03"},
		{1, 2, "2023-12-01", "2023-12-31", "2024-01-02"}, // booked after the period's end
		{2, 29, "2024-02-01", "", "2024-02-29"},
		{12, 31, "", "2025-01-31", "2024-12-31"},
	}
	for _, tt := range tests {
		got, ok := DateInPeriod(tt.m, tt.d, tt.start, tt.end)
		require.True(t, ok)
		require.Equal(t, tt.want, got, "%d.%d in %s..%s", tt.d, tt.m, tt.start, tt.end)
	}
	_, ok := DateInPeriod(3, 1, "", "")
	require.False(t, ok)
}

// writtenDate spells y-m-d in one of the forms people print.
func writtenDate(y, m, d int, form, lang int) string {
	names := [][12]string{
		{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
		{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
		{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
		{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
		{"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
	}
	shorts := [][12]string{
		{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"},
		{"Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"},
		{"janv", "févr", "mars", "avr", "mai", "juin", "juil", "août", "sept", "oct", "nov", "déc"},
		{"jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"},
		{"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"},
		{"gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"},
	}
	name := names[lang%len(names)][m-1]
	short := shorts[lang%len(shorts)][m-1]
	switch form % 12 {
	case 0:
		return fmt.Sprintf("%d %s %d", d, name, y)
	case 1:
		return fmt.Sprintf("%d. %s. %d", d, short, y)
	case 2:
		return fmt.Sprintf("%s %d, %d", name, d, y)
	case 3:
		return fmt.Sprintf("%s %d , %d", name, d, y)
	case 4:
		return fmt.Sprintf("%02d-%s-%d", d, short, y)
	case 5:
		return fmt.Sprintf("%d/%02d/%02d", y, m, d)
	case 6:
		return fmt.Sprintf("%02d.%02d.%d", d, m, y)
	case 7:
		return fmt.Sprintf("%d de %s de %d", d, name, y)
	case 8:
		return fmt.Sprintf("%s %d %d", short, d, y)
	case 9:
		return fmt.Sprintf("%d-%02d-%02dT09:30:00", y, m, d)
	case 10:
		return fmt.Sprintf("%d %s, %d", d, name, y)
	}
	return fmt.Sprintf("%d. %02d. %d", d, m, y)
}

// FuzzWrittenDates spells random dates in every form and language and
// requires them to be read back exactly.
func FuzzWrittenDates(f *testing.F) {
	f.Add(uint16(2014), uint8(8), uint8(3), uint8(3), uint8(0))
	f.Add(uint16(2024), uint8(2), uint8(29), uint8(1), uint8(2))
	f.Fuzz(func(t *testing.T, y uint16, m, d, form, lang uint8) {
		yy, mm, dd := 1950+int(y)%200, 1+int(m)%12, 1+int(d)%31
		want, ok := mkDate(yy, mm, dd)
		if !ok {
			return
		}
		s := writtenDate(yy, mm, dd, int(form), int(lang))
		got, ok := ParseDate(s, DMY)
		if !ok || got != want {
			t.Fatalf("%q: got %q, %v; want %s", s, got, ok, want)
		}
		toks := strings.Fields("Date: " + s + " due")
		ms := FindDates(toks, DMY)
		if len(ms) != 1 || ms[0].ISO != want || ms[0].Start != 1 {
			t.Fatalf("FindDates(%q) = %v; want %s from token 1", toks, ms, want)
		}
	})
}

func FuzzParseDayMonth(f *testing.F) {
	for _, s := range []string{"01.03.", "1 Mar", "03/01", "3. März"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, d, ok := ParseDayMonth(s, DMY)
		if !ok {
			return
		}
		if _, ok := DateInPeriod(m, d, "2024-01-01", "2024-12-31"); !ok {
			t.Fatalf("%q -> %d/%d is not a day of a leap year", s, d, m)
		}
	})
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"05.03.2018", "2 de enero de 2024", "Jan 2, 2024", "02-Jan-24", "2024-01-02"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range []DateOrder{DMY, MDY} {
			iso, ok := ParseDate(s, o)
			if !ok {
				continue
			}
			// The result is itself a valid ISO date.
			again, ok := ParseDate(iso, DMY)
			if !ok || again != iso {
				t.Fatalf("%q -> %q does not round-trip", s, iso)
			}
		}
	})
}

func ExampleParseDate() {
	d, _ := ParseDate("2. März 2024", DMY)
	fmt.Println(d)
	d, _ = ParseDate("03/04/2024", MDY)
	fmt.Println(d)
	// Output:
	// 2024-03-02
	// 2024-03-04
}
