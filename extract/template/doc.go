// Package template runs invoice2data templates: YAML files that recognise
// one issuer's invoices by keywords and read their fields with regular
// expressions. It follows the format and semantics of
// github.com/invoice-x/invoice2data (issuer, keywords, exclude_keywords,
// priority, fields with the regex, static and lines parsers as well as the
// legacy "name: regex" style, the top-level lines plugin, options and
// required_fields), so existing templates work unchanged as long as their
// regular expressions are valid RE2 (Go) syntax: look-around and
// back-references are rejected when a template is loaded.
//
// Templates are organised in groups: Load reads a directory whose
// subdirectories are groups (files at the top level belong to the group
// "default"), and each template gets a stable id, a name-based (version 5)
// UUID of its group and file name, reported as template_id.
//
// Text is the input templates expect: the layout-preserving page text that
// pdftotext -layout would produce, built from positioned words.
//
// The package does not choose between templates and the generic extractors;
// a caller tries Match and falls back when no template applies.
package template
