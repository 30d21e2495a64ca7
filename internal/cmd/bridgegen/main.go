// Command bridgegen writes trace/internal/stdtable/table.go, the
// generated part of the interpreter's standard-library bridge: the
// exported functions and methods of commonly used standard packages whose
// parameters and results the bridge converts between interpreted and
// native values, the opaque standard types whose values live natively in
// interpreted memory, the package variables interpreted code may read,
// and, for every exported function left out, why.
//
// Run it with go generate in trace/internal/stdtable (see its doc.go):
//
//	go run ./internal/cmd/bridgegen -o trace/internal/stdtable/table.go
//
// It reads the packages' types with go/types (through go/packages), so the
// table follows the Go toolchain that runs it; TestTableUpToDate checks
// that the committed table is what the command writes.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/format"
	"go/types"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Packages are the standard packages the table covers. container/list,
// container/ring and encoding/json are not among them: they hold or
// reflect on values of type any, and the interpreter runs them from
// source (trace/internal/loader's sourceStd).
var Packages = []string{
	"bufio", "bytes", "compress/flate", "compress/gzip", "compress/zlib", "crypto", "crypto/aes", "crypto/cipher", "crypto/ed25519",
	"crypto/hmac", "crypto/md5", "crypto/rand", "crypto/sha1", "crypto/sha256", "crypto/sha512", "crypto/subtle", "embed",
	"encoding/base32", "encoding/base64", "encoding/binary", "encoding/csv", "encoding/hex", "encoding/pem", "errors",
	"hash/adler32", "hash/crc32", "hash/crc64", "hash/fnv", "html", "io", "io/fs", "io/ioutil", "math", "math/big", "math/bits", "math/cmplx",
	"math/rand", "net", "net/http", "net/http/httptest", "net/http/httptrace", "net/mail", "net/netip", "net/textproto", "net/url", "path", "path/filepath", "regexp", "sort", "strconv", "strings",
	"sync/atomic", "testing/iotest", "text/tabwriter", "time", "unicode", "unicode/utf16", "unicode/utf8",
}

// partialPackages are packages of which the table takes only the
// functions and methods listed (by their ssa names), and whose types
// listed live natively: every other exported function of theirs, and
// every other method of those types, is left out with the package's
// reason. crypto/x509 and crypto/tls are not wholly bridged because since
// Go 1.26 their key generation and signing draw from the process's
// secure source whatever reader they are given, so a run that reached
// them could not be repeated (trace/README.md). What is listed is
// deterministic where interpreted code can see it: x509's parsing of
// certificates and its pools, and a TLS client over a connection that
// lives natively (a dial to the run's httptest servers), whose key
// exchange stays inside native code; the program reads only the
// plaintext and the connection's state.
var partialPackages = map[string]partialPackage{
	"crypto/x509": {
		types: []string{"CertPool", "Certificate"},
		funcs: []string{
			"NewCertPool", "ParseCertificate", "ParseCertificates",
			"ParsePKCS1PrivateKey", "ParsePKCS1PublicKey", "ParsePKCS8PrivateKey", "ParsePKIXPublicKey", "ParseECPrivateKey", "DecryptPEMBlock", "IsEncryptedPEMBlock",
			"MarshalPKCS1PrivateKey", "MarshalPKCS1PublicKey", "MarshalPKCS8PrivateKey", "MarshalPKIXPublicKey", "MarshalECPrivateKey",
			"(*CertPool).AddCert", "(*CertPool).AppendCertsFromPEM", "(*CertPool).Clone", "(*CertPool).Equal",
			"(*Certificate).Equal", "(*Certificate).VerifyHostname", "(*Certificate).CheckSignatureFrom",
		},
		why: "crypto/x509 is bridged only for parsing certificates and keys and pooling certificates: its signing draws from the process's secure source whatever reader it is given, and Verify reads the process's clock, not the run's",
	},
	// Keys, verification and the deterministic signatures and
	// decryptions, as token libraries (golang-jwt) use them; the keys
	// live natively, made by x509's parsers.
	"crypto/rsa": {
		types: []string{"PublicKey", "PrivateKey"},
		funcs: []string{
			"VerifyPKCS1v15", "VerifyPSS", "SignPKCS1v15", "DecryptPKCS1v15", "DecryptOAEP",
			"(*PublicKey).Size", "(*PublicKey).Equal",
			"(*PrivateKey).Public", "(*PrivateKey).Equal", "(*PrivateKey).Size", "(*PrivateKey).Validate", "(*PrivateKey).Precompute",
		},
		vars: []string{"ErrVerification", "ErrDecryption", "ErrMessageTooLong"},
		why:  "crypto/rsa is bridged only for its keys, verification, PKCS #1 v1.5 signatures and decryption: key generation, PSS signatures and encryption draw from the process's secure source whatever reader they are given",
	},
	"crypto/ecdsa": {
		types: []string{"PublicKey", "PrivateKey"},
		funcs: []string{
			"Verify", "VerifyASN1",
			"(*PublicKey).Equal", "(*PrivateKey).Public", "(*PrivateKey).Equal",
		},
		why: "crypto/ecdsa is bridged only for its keys and verification: key generation and signatures draw from the process's secure source whatever reader they are given",
	},
	"crypto/elliptic": {
		funcs: []string{"P224", "P256", "P384", "P521"},
		why:   "crypto/elliptic is bridged only for its named curves: its point arithmetic is deprecated, and its key generation draws from the process's secure source",
	},
	"crypto/tls": {
		// A *tls.Config lives natively for its identity too: one read
		// from a native transport is the one net/http changes (its
		// NextProtos).
		types: []string{"Config", "Conn", "ConnectionState"},
		funcs: []string{
			"Client", "VersionName", "CipherSuiteName", "(*Config).Clone",
			"(*Conn).Handshake", "(*Conn).HandshakeContext", "(*Conn).ConnectionState", "(*Conn).VerifyHostname",
			"(*Conn).Read", "(*Conn).Write", "(*Conn).Close", "(*Conn).CloseWrite", "(*Conn).NetConn",
			"(*Conn).LocalAddr", "(*Conn).RemoteAddr", "(*Conn).SetDeadline", "(*Conn).SetReadDeadline", "(*Conn).SetWriteDeadline",
		},
		why: "crypto/tls is bridged only for a client over a connection that lives natively: its key generation draws from the process's secure source, which must stay inside native code",
	},
}

// partialPaths returns the paths of partialPackages, sorted.
func partialPaths() []string {
	var ps []string
	for p := range partialPackages {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// partialPackage is an entry of partialPackages.
type partialPackage struct {
	types []string // the types whose values live natively
	funcs []string // the functions and methods bridged, by ssa name without the package path
	vars  []string // the package variables interpreted code may read
	why   string   // why the others are not
}

// denied are functions whose signatures convert but which must not run
// natively from interpreted code, with the reason the bridge reports.
var denied = map[string]string{
	"time.Now":                            "bridged by hand: the virtual clock (trace/internal/bridge/time.go)",
	"time.Since":                          "bridged by hand: the virtual clock (trace/internal/bridge/time.go)",
	"time.Until":                          "bridged by hand: the virtual clock (trace/internal/bridge/time.go)",
	"time.Sleep":                          "bridged by hand: advances the virtual clock and yields to the scheduler",
	"net.Listen":                          "bridged by hand: a listener of the run's own on the loopback interface (trace/internal/interp/native_listen.go)",
	"net/http.ListenAndServe":             "bridged by hand: a listener of the run's own on the loopback interface (trace/internal/interp/native_listen.go)",
	"net/http.Serve":                      "bridged by hand: serves until the run ends (trace/internal/interp/native_listen.go)",
	"testing/iotest.NewReadLogger":        "it logs through the native log package, to the process's standard error",
	"testing/iotest.NewWriteLogger":       "it logs through the native log package, to the process's standard error",
	"time.LoadLocation":                   "bridged by hand: it reads the system's time zone database (trace/internal/bridge/time.go)",
	"path/filepath.Abs":                   "bridged by hand: relative to the run's working directory (trace/internal/bridge/sandbox.go)",
	"path/filepath.EvalSymlinks":          "reads the file system",
	"path/filepath.Glob":                  "reads the file system",
	"path/filepath.Walk":                  "reads the file system",
	"path/filepath.WalkDir":               "reads the file system",
	"math/rand.ExpFloat64":                "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Float32":                   "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Float64":                   "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Int":                       "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Int31":                     "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Int31n":                    "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Int63":                     "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Int63n":                    "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Intn":                      "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.NormFloat64":               "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Perm":                      "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Read":                      "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Seed":                      "bridged by hand: reseeds the run's generator (trace/internal/bridge/rand.go)",
	"math/rand.Shuffle":                   "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Uint32":                    "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"math/rand.Uint64":                    "bridged by hand: the run's seeded generator (trace/internal/bridge/rand.go)",
	"crypto/rand.Prime":                   "ignores its reader and draws from the process's secure source",
	"crypto/rand.Read":                    "bridged by hand: the run's seeded stream (trace/internal/bridge/rand.go)",
	"crypto/rand.Reader":                  "bridged by hand: the run's seeded stream (trace/internal/bridge/rand.go)",
	"crypto/rand.Text":                    "bridged by hand: the run's seeded stream (trace/internal/bridge/rand.go)",
	"crypto/cipher.NewGCMWithRandomNonce": "its Seal draws each nonce from the process's secure source, not the run's seeded stream",
	"io.Pipe":                             "its ends block native threads outside the interpreter's scheduler",
	"io/ioutil.ReadDir":                   "bridged by hand, relative to the test's directory (trace/internal/bridge/files.go)",
	"io/ioutil.ReadFile":                  "bridged by hand as os.ReadFile, relative to the test's directory (trace/internal/bridge/files.go)",
	"io/ioutil.TempDir":                   "bridged by hand as os.MkdirTemp, in the run's sandbox (trace/internal/bridge/sandbox.go)",
	"io/ioutil.TempFile":                  "bridged by hand as os.CreateTemp, in the run's sandbox (trace/internal/bridge/sandbox.go)",
	"io/ioutil.WriteFile":                 "bridged by hand as os.WriteFile, in the run's sandbox (trace/internal/bridge/sandbox.go)",
}

// networkCall matches the functions and methods that dial, listen on or
// look up the network, which interpreted code must not reach: a test's
// HTTP client requests go only to the httptest servers and the
// listeners of its run (trace/internal/interp's native_client.go and
// native_listen.go), on the loopback interface. net.Interfaces and the rest of the
// machine's network interfaces reach nothing: they are the process's
// facts, the same in every run, like os.Hostname; nor does
// net.ResolveUnixAddr, which only pairs its network with the path.
var networkCall = regexp.MustCompile(`^(net\.(Dial|Listen|Lookup|File|ResolveIPAddr|ResolveTCPAddr|ResolveUDPAddr)|\(\*?net\.(Dialer|Resolver|ListenConfig)\)\.|net/http\.(ListenAndServe|ListenAndServeTLS|Serve|ServeTLS)$|\(\*net/http\.Server\)\.(ListenAndServe|ListenAndServeTLS)$)`)

// deniedTypes are opaque types left out of the table, with why: their
// methods are not bridged.
var deniedTypes = map[string]string{
	"io.PipeReader":   "its methods block native threads outside the interpreter's scheduler",
	"io.PipeWriter":   "its methods block native threads outside the interpreter's scheduler",
	"io.OffsetWriter": "it writes to an io.WriterAt, which only files implement",
}

// handles are standard struct types with exported fields that the bridge
// nevertheless keeps native: interpreted code gets them from package
// variables (unicode.Letter...) or constructors (csv.NewReader,
// http.NewRequest) and hands them back to the package's functions and
// methods; it reads and sets their exported fields through reflection
// (the interpreter's native_field.go). The net/http records among them
// have unexported fields too (a Request's context), which a copy into an
// interpreted struct would lose.
var handles = map[string]bool{
	"unicode.RangeTable": true, "encoding/csv.Reader": true, "encoding/csv.Writer": true,
	"net/http.Request": true, "net/http.Response": true, "net/http.Client": true, "net/http.Server": true,
	"net/http.Cookie": true, "net/http.Transport": true, "net/http.MaxBytesError": true, "net/http.ProtocolError": true,
	"net/http/httptest.ResponseRecorder": true, "net/http/httptest.Server": true,
	"net.IPNet": true, "net.TCPAddr": true, "net.UDPAddr": true, "net.IPAddr": true, "net.UnixAddr": true,
	"net.OpError": true, "net.DNSError": true, "net.AddrError": true, "net.ParseError": true,
	"net/textproto.Error": true, "net/textproto.Reader": true, "net/url.URL": true,
	// A ClientTrace's hooks are funcs that net/http, given the trace in a
	// request's context, calls: interpreted hooks stored in the native
	// struct are callbacks into the interpreter.
	"net/http/httptrace.ClientTrace": true,
	// A Dialer's dials are bridged by hand, to the run's httptest servers
	// only (the interpreter's native_client.go).
	"net.Dialer": true,
	// gzip's Reader and Writer embed the gzip.Header of exported fields
	// beside their state (the stream being written or read).
	"compress/gzip.Reader": true, "compress/gzip.Writer": true,
}

// maps are standard named map types whose values keep their native
// identity in interpreted memory: an interpreted value of one is a view
// of the native map (the interpreter's native_map.go), so that a
// Request's Header set by interpreted code is the one the server reads.
var maps = []string{"net/http.Header", "net/textproto.MIMEHeader"}

// interfaceParams are the interface types a bridged function may take: the
// bridge passes interpreted errors as native errors, interpreted writers
// (a Write method) as io.Writer, and values that live natively as
// themselves; any other interpreted value is a *BridgeError at run time.
var interfaceParams = map[string]bool{
	// crypto: keys that live natively (x509's parsers make them) cross
	// as themselves.
	"crypto.PublicKey": true, "crypto.PrivateKey": true,
	"error": true, "io.Writer": true, "io.Reader": true, "io.ByteReader": true, "io.RuneReader": true, "io.ReaderAt": true,
	"math/rand.Source": true, "io.ByteWriter": true, "io.ReadSeeker": true,
	// io/fs: the file systems that live natively (embed.FS, os.DirFS,
	// fs.Sub's) cross as themselves.
	"io/fs.FS": true, "net/http.FileSystem": true,
	// net/http: interpreted handlers run as native ones (an adapter whose
	// ServeHTTP calls into the interpreter); contexts cross as native
	// contexts that carry the interpreted one.
	"net/http.Handler": true, "net/http.ResponseWriter": true, "context.Context": true, "io.ReadCloser": true,
	"net/http.RoundTripper": true, "net.Addr": true, "net.Conn": true, "net.Listener": true,
	// hash and crypto/cipher: hashes, block ciphers and streams that the
	// table's constructors make (sha256.New, aes.NewCipher) cross as
	// themselves, and a callback returns one (hmac.New's).
	"hash.Hash": true, "crypto/cipher.Block": true, "crypto/cipher.Stream": true, "crypto/cipher.AEAD": true,
	"crypto/cipher.BlockMode": true,
}

// gen holds what the command collects.
type gen struct {
	funcs    []entry           // bridged functions and methods
	natives  []string          // "path.Name" of opaque types that live natively
	vars     []entry           // package variables
	excluded map[string]string // exported functions left out -> why
	native   map[*types.TypeName]bool
}

// entry is a bridged name and the Go expression that denotes it.
type entry struct{ name, expr string }

func main() {
	out := flag.String("o", "table.go", "the file to write")
	flag.Parse()
	src, err := Generate(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, "bridgegen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o666); err != nil {
		fmt.Fprintln(os.Stderr, "bridgegen:", err)
		os.Exit(1)
	}
}

// Generate returns the source of trace/internal/stdtable/table.go.
func Generate(ctx context.Context) ([]byte, error) {
	pkgs, err := packages.Load(&packages.Config{Context: ctx, Mode: packages.NeedName | packages.NeedTypes}, append(slices.Clone(Packages), partialPaths()...)...)
	if err != nil {
		return nil, err
	}
	g := &gen{excluded: map[string]string{}, native: map[*types.TypeName]bool{}}
	var partial []*packages.Package
	for _, p := range pkgs {
		pp, ok := partialPackages[p.PkgPath]
		if !ok {
			continue
		}
		if len(p.Errors) > 0 {
			return nil, fmt.Errorf("%s: %v", p.PkgPath, p.Errors[0])
		}
		partial = append(partial, p)
		for _, n := range pp.types {
			tn, ok := p.Types.Scope().Lookup(n).(*types.TypeName)
			if !ok {
				return nil, fmt.Errorf("%s has no type %s", p.PkgPath, n)
			}
			g.native[tn] = true
			g.natives = append(g.natives, p.PkgPath+"."+n)
		}
	}
	pkgs = slices.DeleteFunc(pkgs, func(p *packages.Package) bool { return slices.Contains(partial, p) })
	// The opaque struct types first: functions may take them anywhere.
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			return nil, fmt.Errorf("%s: %v", p.PkgPath, p.Errors[0])
		}
		sc := p.Types.Scope()
		for _, n := range sc.Names() {
			tn, ok := sc.Lookup(n).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			if name := tn.Pkg().Path() + "." + tn.Name(); deniedTypes[name] != "" {
				g.excluded[name] = deniedTypes[name]
			} else if opaque(tn) || handles[name] {
				g.native[tn] = true
				g.natives = append(g.natives, tn.Pkg().Path()+"."+tn.Name())
			}
		}
	}
	for _, p := range pkgs {
		sc := p.Types.Scope()
		for _, n := range sc.Names() {
			switch o := sc.Lookup(n).(type) {
			case *types.Func:
				if o.Exported() {
					g.add(o, "")
				}
			case *types.Var:
				if !o.Exported() {
					continue
				}
				if why := denied[p.PkgPath+"."+o.Name()]; why != "" {
					g.excluded[p.PkgPath+"."+o.Name()] = why
					continue
				}
				if stateless(o.Type()) {
					// binary.BigEndian...: the methods of its unexported
					// type are bridged as method values of the variable.
					g.vars = append(g.vars, entry{p.PkgPath + "." + o.Name(), "&" + qual(p.Types) + "." + o.Name()})
					ms := types.NewMethodSet(o.Type())
					for i := 0; i < ms.Len(); i++ {
						if m := ms.At(i).Obj().(*types.Func); m.Exported() && len(ms.At(i).Index()) == 1 {
							g.add(m, qual(p.Types)+"."+o.Name())
						}
					}
				} else if g.convertible(o.Type(), true) {
					g.vars = append(g.vars, entry{p.PkgPath + "." + o.Name(), "&" + qual(p.Types) + "." + o.Name()})
				}
			case *types.TypeName:
				if !o.Exported() || o.IsAlias() {
					continue
				}
				if _, isIface := o.Type().Underlying().(*types.Interface); isIface {
					continue
				}
				if !g.native[o] && !g.convertible(o.Type(), false) {
					continue
				}
				ms := types.NewMethodSet(types.NewPointer(o.Type()))
				for i := 0; i < ms.Len(); i++ {
					m := ms.At(i).Obj().(*types.Func)
					if !m.Exported() || len(ms.At(i).Index()) > 1 {
						continue // promoted methods are bridged where declared
					}
					recv := qual(p.Types) + "." + o.Name()
					if _, ptr := m.Signature().Recv().Type().(*types.Pointer); ptr {
						recv = "(*" + recv + ")"
					}
					g.add(m, recv)
				}
			}
		}
	}
	for _, p := range partial {
		g.addPartial(p, partialPackages[p.PkgPath])
	}
	return g.write()
}

// addPartial records the functions and methods of p, a package of
// partialPackages, that pp lists, and leaves out its other exported
// functions and the other methods of its native types with pp's reason.
func (g *gen) addPartial(p *packages.Package, pp partialPackage) {
	sc := p.Types.Scope()
	for _, n := range pp.vars {
		if o, ok := sc.Lookup(n).(*types.Var); ok && g.convertible(o.Type(), true) {
			g.vars = append(g.vars, entry{p.PkgPath + "." + n, "&" + qual(p.Types) + "." + n})
		}
	}
	consider := func(f *types.Func, recv string) {
		name := strings.Replace(f.FullName(), p.PkgPath+".", "", 1)
		if !slices.Contains(pp.funcs, name) {
			g.excluded[f.FullName()] = pp.why
			return
		}
		g.add(f, recv)
	}
	for _, n := range sc.Names() {
		switch o := sc.Lookup(n).(type) {
		case *types.Func:
			if o.Exported() {
				consider(o, "")
			}
		case *types.TypeName:
			if !g.native[o] {
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(o.Type()))
			for i := 0; i < ms.Len(); i++ {
				m := ms.At(i).Obj().(*types.Func)
				if !m.Exported() || len(ms.At(i).Index()) > 1 {
					continue
				}
				recv := qual(p.Types) + "." + o.Name()
				if _, ptr := m.Signature().Recv().Type().(*types.Pointer); ptr {
					recv = "(*" + recv + ")"
				}
				consider(m, recv)
			}
		}
	}
}

// opaque reports whether tn is a struct type whose fields are all
// unexported: interpreted code can only use it through its functions and
// methods, so its values can live natively.
func opaque(tn *types.TypeName) bool {
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok || st.NumFields() == 0 || tn.Type().(*types.Named).TypeParams().Len() > 0 {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Exported() {
			return false
		}
	}
	return true
}

// stateless reports whether t is an unexported named type of an empty
// struct (binary.BigEndian's): its values carry nothing, so a method value
// of a variable of it is the method for every receiver.
func stateless(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Exported() {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

// add records function or method f (recv is the receiver expression of a
// method), or why it is left out.
// keyFuncs are the functions whose parameters or results of type any
// are keys: they cross as themselves, natively (x509.ParsePKIXPublicKey's
// *rsa.PublicKey), as crypto.PublicKey's do.
var keyFuncs = map[string]bool{
	"crypto/x509.ParsePKCS8PrivateKey": true, "crypto/x509.ParsePKIXPublicKey": true,
	"crypto/x509.MarshalPKCS8PrivateKey": true, "crypto/x509.MarshalPKIXPublicKey": true,
}

func (g *gen) add(f *types.Func, recv string) {
	name := f.FullName()
	sig := f.Signature()
	convertible := func(t types.Type, result bool) bool {
		if keyFuncs[name] {
			if it, ok := types.Unalias(t).(*types.Interface); ok && it.Empty() {
				return true
			}
		}
		return g.convertible(t, result)
	}
	why := ""
	switch {
	case denied[name] != "":
		why = denied[name]
	case networkCall.MatchString(name):
		why = "it reaches the network or the system's name service (the interpreter's HTTP client reaches only the run's httptest servers)"
	case sig.TypeParams().Len() > 0 || (sig.Recv() != nil && sig.RecvTypeParams().Len() > 0):
		why = "generic"
	default:
		for i := 0; i < sig.Params().Len() && why == ""; i++ {
			if t := sig.Params().At(i).Type(); !convertible(t, false) {
				why = "parameter of type " + types.TypeString(t, relTo(f.Pkg()))
			}
		}
		for i := 0; i < sig.Results().Len() && why == ""; i++ {
			if t := sig.Results().At(i).Type(); !convertible(t, true) {
				why = "result of type " + types.TypeString(t, relTo(f.Pkg()))
			}
		}
	}
	if why != "" {
		g.excluded[name] = why
		return
	}
	expr := qual(f.Pkg()) + "." + f.Name()
	if recv != "" {
		expr = recv + "." + f.Name()
	}
	g.funcs = append(g.funcs, entry{name, expr})
}

// convertible reports whether values of type t cross the bridge: basic
// types (named or not), slices, arrays and maps of such, functions over
// such (callbacks into the interpreter), pointers to and values of the
// opaque types that live natively, and, as parameters, the interfaces of
// interfaceParams; as results, any interface (the native dynamic value
// stays native).
func (g *gen) convertible(t types.Type, result bool) bool {
	return g.conv(t, result, 0)
}

func (g *gen) conv(t types.Type, result bool, depth int) bool {
	if depth > 4 {
		return false
	}
	if n, ok := t.(*types.Named); ok {
		if g.native[n.Obj()] {
			return true
		}
		if _, ok := n.Underlying().(*types.Interface); ok {
			return result && n.Obj().Pkg() != nil && n.Obj().Exported() || interfaceParams[types.TypeString(t, relTo(nil))]
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer && u.Info()&types.IsUntyped == 0
	case *types.Slice:
		return g.conv(u.Elem(), result, depth+1)
	case *types.Array:
		return g.conv(u.Elem(), result, depth+1)
	case *types.Map:
		return g.conv(u.Key(), result, depth+1) && g.conv(u.Elem(), result, depth+1)
	case *types.Pointer:
		n, ok := u.Elem().(*types.Named)
		return ok && (g.native[n.Obj()] || g.dataStruct(n, result, depth+1))
	case *types.Struct:
		n, ok := t.(*types.Named)
		return ok && g.dataStruct(n, result, depth)
	case *types.Signature:
		if u.Variadic() {
			return false
		}
		// A callback's parameters come from native code, its results from
		// the interpreter.
		for i := 0; i < u.Params().Len(); i++ {
			if !g.conv(u.Params().At(i).Type(), true, depth+1) {
				return false
			}
		}
		for i := 0; i < u.Results().Len(); i++ {
			if !g.conv(u.Results().At(i).Type(), false, depth+1) {
				return false
			}
		}
		return true
	case *types.Interface:
		return types.TypeString(t, nil) == "error"
	}
	return false
}

// dataStruct reports whether n is a struct type whose fields are all
// exported and convertible (url.URL): its values are interpreted structs,
// converted field by field when they cross the bridge.
func (g *gen) dataStruct(n *types.Named, result bool, depth int) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok || st.NumFields() == 0 || n.TypeParams().Len() > 0 || handles[n.Obj().Pkg().Path()+"."+n.Obj().Name()] {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); !f.Exported() || f.Embedded() || !g.conv(f.Type(), result, depth+1) {
			return false
		}
	}
	return true
}

func relTo(p *types.Package) types.Qualifier {
	return func(q *types.Package) string {
		if q == p {
			return ""
		}
		return q.Path()
	}
}

// qual is the import name the generated file uses for p.
func qual(p *types.Package) string {
	return strings.NewReplacer("/", "_").Replace(p.Path())
}

func (g *gen) write() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run ./internal/cmd/bridgegen; DO NOT EDIT.\n\n")
	b.WriteString("package stdtable\n\nimport (\n\t\"reflect\"\n\n")
	used := map[string]bool{}
	for _, e := range append(append([]entry{}, g.funcs...), g.vars...) {
		expr := strings.TrimLeft(e.expr, "&(*")
		used[expr[:strings.IndexByte(expr, '.')]] = true
	}
	for _, n := range append(append([]string{}, g.natives...), maps...) {
		used[qual(types.NewPackage(n[:strings.LastIndexByte(n, '.')], ""))] = true
	}
	for _, p := range append(slices.Clone(Packages), partialPaths()...) {
		if q := qual(types.NewPackage(p, "")); used[q] {
			fmt.Fprintf(&b, "\t%s %q\n", q, p)
		}
	}
	b.WriteString(")\n\n")
	b.WriteString("// Funcs are the bridged functions and methods (method expressions)\n// of the standard packages bridgegen covers, by ssa.Function name.\nvar Funcs = map[string]any{\n")
	sort.Slice(g.funcs, func(i, j int) bool { return g.funcs[i].name < g.funcs[j].name })
	for _, e := range g.funcs {
		fmt.Fprintf(&b, "\t%q: %s,\n", e.name, e.expr)
	}
	b.WriteString("}\n\n// Types are the opaque standard types (no exported fields) and the\n// handles whose values live natively in interpreted memory, by \"path.Name\".\nvar Types = map[string]reflect.Type{\n")
	sort.Strings(g.natives)
	for _, n := range g.natives {
		i := strings.LastIndexByte(n, '.')
		fmt.Fprintf(&b, "\t%q: reflect.TypeFor[%s.%s](),\n", n, qual(types.NewPackage(n[:i], "")), n[i+1:])
	}
	b.WriteString("}\n\n// Maps are the standard named map types whose interpreted values are\n// views of their native maps, by \"path.Name\".\nvar Maps = map[string]reflect.Type{\n")
	for _, n := range maps {
		i := strings.LastIndexByte(n, '.')
		fmt.Fprintf(&b, "\t%q: reflect.TypeFor[%s.%s](),\n", n, qual(types.NewPackage(n[:i], "")), n[i+1:])
	}
	b.WriteString("}\n\n// Vars point to the package variables interpreted code may read,\n// by \"path.Name\".\nvar Vars = map[string]any{\n")
	sort.Slice(g.vars, func(i, j int) bool { return g.vars[i].name < g.vars[j].name })
	for _, e := range g.vars {
		fmt.Fprintf(&b, "\t%q: %s,\n", e.name, e.expr)
	}
	b.WriteString("}\n\n// Excluded are the exported functions and methods of these packages\n// that are not bridged, with the reason a *BridgeError reports.\nvar Excluded = map[string]string{\n")
	names := make([]string, 0, len(g.excluded))
	for n := range g.excluded {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "\t%q: %q,\n", n, g.excluded[n])
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}
