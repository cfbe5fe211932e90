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
		{"03/04/2024", MDY, "2024-03-04"},
		{"02/17/26", DMY, "2026-02-17"},
		{"2024-01-02", DMY, "2024-01-02"},
		{"2024/1/2", DMY, "2024-01-02"},
		{"20181230", DMY, "2018-12-30"},
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
	for _, in := range []string{"", "31.02.2024", "1.234,56", "13/13/2024", "2024-13-01", "12345678", "DE123456789", "foo 2 2024", "05.03-2018"} {
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
