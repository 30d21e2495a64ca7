package corpus

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// The types XML encodes and decodes: attributes, nested elements (a>b
// paths), character data, comments, omitted fields, text and XML
// marshalers of the program's own.
type (
	xmlPerson struct {
		XMLName xml.Name  `xml:"person"`
		ID      int       `xml:"id,attr"`
		Lang    string    `xml:"lang,attr,omitempty"`
		Color   xmlColor  `xml:"color,attr"`
		Name    string    `xml:"name"`
		Emails  []string  `xml:"contact>email"`
		Phone   string    `xml:"contact>phone,omitempty"`
		Age     uint8     `xml:"age"`
		Height  float64   `xml:"height,omitempty"`
		Note    string    `xml:",comment"`
		Addr    *xmlAddr  `xml:"address"`
		Level   xmlLevel  `xml:"level"`
		At      xmlPoint  `xml:"at"`
		Since   time.Time `xml:"since"`
		Active  bool      `xml:"active"`
		Skip    string    `xml:"-"`
		private int
	}
	xmlAddr struct {
		Kind string `xml:"kind,attr"`
		City string `xml:"city"`
		Text string `xml:",chardata"`
	}
)

// xmlLevel is element text through encoding.TextMarshaler.
type xmlLevel int

var xmlLevels = []string{"low", "mid", "high"}

func (l xmlLevel) MarshalText() ([]byte, error) {
	if l < 0 || int(l) >= len(xmlLevels) {
		return nil, fmt.Errorf("level %d out of range", int(l))
	}
	return []byte(xmlLevels[l]), nil
}

func (l *xmlLevel) UnmarshalText(b []byte) error {
	for i, s := range xmlLevels {
		if s == string(b) {
			*l = xmlLevel(i)
			return nil
		}
	}
	return fmt.Errorf("unknown level %q", b)
}

// xmlColor is an attribute through xml.MarshalerAttr.
type xmlColor struct{ R, G, B uint8 }

func (c xmlColor) MarshalXMLAttr(name xml.Name) (xml.Attr, error) {
	return xml.Attr{Name: name, Value: fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)}, nil
}

func (c *xmlColor) UnmarshalXMLAttr(a xml.Attr) error {
	_, err := fmt.Sscanf(a.Value, "#%02x%02x%02x", &c.R, &c.G, &c.B)
	return err
}

// xmlPoint is an element through xml.Marshaler: its coordinates as
// child elements, read back token by token.
type xmlPoint struct{ X, Y int }

func (p xmlPoint) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	start.Attr = append(start.Attr, xml.Attr{Name: xml.Name{Local: "sum"}, Value: fmt.Sprint(p.X + p.Y)})
	return e.EncodeElement(struct {
		X int `xml:"x"`
		Y int `xml:"y"`
	}{p.X, p.Y}, start)
}

func (p *xmlPoint) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	var v struct {
		X int `xml:"x"`
		Y int `xml:"y"`
	}
	if err := d.DecodeElement(&v, &start); err != nil {
		return err
	}
	if v.X < 0 {
		return errors.New("negative x")
	}
	p.X, p.Y = v.X, v.Y
	return nil
}

// Types whose encoding fails, with errors naming them.
type (
	xmlFunc     func()
	xmlConflict struct {
		A string `xml:"x>y"`
		B string `xml:"x"`
	}
	xmlBadAttr struct {
		A string `xml:"a>b,attr"`
	}
	xmlInner struct {
		XMLName xml.Name `xml:"c"`
	}
	xmlWrapper struct {
		Inner *xmlInner `xml:"b"`
	}
	xmlWithMap struct{ M map[string]int }
)

// XML marshals and unmarshals the program's types with encoding/xml
// (struct tags, attributes, nested elements, marshalers of its own,
// MarshalIndent), streams tokens through a Decoder and an Encoder, and
// reports its errors, which name the program's types.
func XML() string {
	var out []string
	add := func(b []byte, err error) { out = append(out, fmt.Sprintf("%s | %v", b, err)) }
	p := xmlPerson{
		ID: 7, Color: xmlColor{255, 8, 16}, Name: "Ann <&> \"Lee\"", Emails: []string{"a@x", "b@y"},
		Age: 41, Note: " a note ", Addr: &xmlAddr{Kind: "home", City: "Oslo", Text: "near the fjord"},
		Level: 2, At: xmlPoint{3, 4}, Since: time.Date(2024, 2, 29, 13, 4, 5, 0, time.UTC), Active: true, Skip: "s", private: 1,
	}
	add(xml.Marshal(p))
	add(xml.MarshalIndent(&xmlAddr{Kind: "work", City: "Bergen"}, "", "  "))

	var back xmlPerson
	doc := `<person id="9" lang="nb" color="#0a0b0c"><name>Bo</name><contact><email>c@z</email><phone>123</phone><email>d@w</email></contact>` +
		`<age>30</age><height>1.85</height><!--hi--><address kind="x">by <city>Rome</city>the sea</address><level>mid</level>` +
		`<at sum="3"><x>1</x><y>2</y></at><since>2020-01-02T03:04:05Z</since><active>true</active><unknown>u</unknown></person>`
	err := xml.Unmarshal([]byte(doc), &back)
	out = append(out, fmt.Sprintf("%v %+v %+v %v", err, back.XMLName, *back.Addr, back.Since.Year()))
	back.Addr = nil
	out = append(out, fmt.Sprintf("%+v", back))

	// Errors: the Unmarshaler's, a text unmarshaler's, strconv's, a
	// syntax error, the wrong root element, a non-pointer; unsupported
	// types and bad tags, which name the program's types.
	for _, in := range []string{
		`<person><at><x>-1</x></at></person>`,
		`<person><level>top</level></person>`,
		`<person id="x"></person>`,
		`<person><age>300</age></person>`,
		`<person><name>unclosed</person>`,
		`<animal/>`,
		`<person color="red"/>`,
	} {
		var v xmlPerson
		err := xml.Unmarshal([]byte(in), &v)
		out = append(out, fmt.Sprintf("%T %v", err, err))
	}
	var notPointer any = xmlAddr{}
	out = append(out, fmt.Sprint(xml.Unmarshal([]byte(`<a/>`), notPointer)))
	for _, v := range []any{xmlFunc(nil), map[string]int{"a": 1}, xmlWithMap{}, xmlConflict{}, xmlBadAttr{}, xmlWrapper{Inner: &xmlInner{}}, make(chan int), xmlPerson{Level: 5}} {
		_, err := xml.Marshal(v)
		out = append(out, fmt.Sprintf("%T %v", err, err))
	}

	// A Decoder's tokens and an Encoder's output.
	d := xml.NewDecoder(strings.NewReader(`<?xml version="1.0"?><!DOCTYPE r><r xmlns:n="urn:n" a="1"><n:b>t&amp;t</n:b><!-- c --><e/></r>`))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			out = append(out, "token error: "+err.Error())
			break
		}
		out = append(out, fmt.Sprintf("%T %v", tok, xmlToken(tok)))
	}
	var buf bytes.Buffer
	e := xml.NewEncoder(&buf)
	e.Indent(">", "-")
	start := xml.StartElement{Name: xml.Name{Local: "list"}, Attr: []xml.Attr{{Name: xml.Name{Local: "n"}, Value: "2"}}}
	check(e.EncodeToken(start) == nil, "EncodeToken start")
	check(e.EncodeElement(xmlAddr{Kind: "k", City: "c"}, xml.StartElement{Name: xml.Name{Local: "item"}}) == nil, "EncodeElement")
	check(e.EncodeToken(xml.CharData("a<b")) == nil, "EncodeToken chardata")
	check(e.EncodeToken(start.End()) == nil, "EncodeToken end")
	check(e.Flush() == nil, "Flush")
	err = e.EncodeToken(xml.EndElement{Name: xml.Name{Local: "extra"}})
	out = append(out, buf.String(), fmt.Sprint(err))
	buf.Reset()
	check(xml.EscapeText(&buf, []byte(`<"'&>`)) == nil, "EscapeText")
	out = append(out, buf.String())
	return strings.Join(out, "\n")
}

// xmlToken shows a token's content (CharData, Comment and Directive are
// byte slices).
func xmlToken(tok xml.Token) string {
	switch t := tok.(type) {
	case xml.StartElement:
		return fmt.Sprintf("%s:%s %v", t.Name.Space, t.Name.Local, t.Attr)
	case xml.EndElement:
		return t.Name.Local
	case xml.CharData:
		return string(t)
	case xml.Comment:
		return string(t)
	case xml.ProcInst:
		return t.Target + " " + string(t.Inst)
	case xml.Directive:
		return string(t)
	}
	return "?"
}
