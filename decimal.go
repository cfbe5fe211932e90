package docextract

import (
	"bytes"
	"fmt"

	"github.com/shopspring/decimal"
)

// Amount is an exact decimal number that travels as a JSON number (never a
// string, never a float64). All money arithmetic in docextract happens on
// Amounts; a missing amount is a nil *Amount and marshals as null.
type Amount struct{ decimal.Decimal }

// NewAmount wraps d.
func NewAmount(d decimal.Decimal) *Amount { return &Amount{d} }

// ParseAmount parses a plain decimal literal such as "-1234.50".
func ParseAmount(s string) (*Amount, error) {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return nil, fmt.Errorf("docextract: bad amount %q: %w", s, err)
	}
	return &Amount{d}, nil
}

// MustAmount parses s and panics on error; for tests and constants.
func MustAmount(s string) *Amount {
	a, err := ParseAmount(s)
	if err != nil {
		panic(err)
	}
	return a
}

// MarshalJSON writes the decimal as a JSON number, exactly as it is held.
func (a Amount) MarshalJSON() ([]byte, error) { return []byte(a.Decimal.String()), nil }

// UnmarshalJSON reads a JSON number or a quoted decimal string.
func (a *Amount) UnmarshalJSON(b []byte) error {
	b = bytes.Trim(b, `"`)
	d, err := decimal.NewFromString(string(b))
	if err != nil {
		return fmt.Errorf("docextract: bad amount %s: %w", b, err)
	}
	a.Decimal = d
	return nil
}

// Dec returns the decimal of a, or zero for nil.
func (a *Amount) Dec() decimal.Decimal {
	if a == nil {
		return decimal.Zero
	}
	return a.Decimal
}

// Str returns a pointer to s, or nil when s is empty: the schema's "not read".
func Str(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
