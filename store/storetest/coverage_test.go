package storetest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/docextract/docextract/store"
)

// TestEveryMethodCovered fails when a method of store.Store is called
// nowhere in the suite: a method added to the interface needs its
// conformance test here, or a new backend could pass without it.
func TestEveryMethodCovered(t *testing.T) {
	called := map[string]bool{}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					called[sel.Sel.Name] = true
				}
			}
			return true
		})
	}
	// Close is called by the opener when the test ends.
	exempt := map[string]bool{"Close": true}
	typ := reflect.TypeFor[store.Store]()
	for i := range typ.NumMethod() {
		if m := typ.Method(i).Name; !called[m] && !exempt[m] {
			t.Errorf("store.Store.%s is not exercised by the conformance suite", m)
		}
	}
}
