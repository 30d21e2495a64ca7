package main

import "strings"

// A family groups libraries by what their tests exercise.
type family string

const (
	reflection  family = "reflection-heavy"
	httpFamily  family = "HTTP"
	parsers     family = "parsers"
	structures  family = "data structures"
	concurrency family = "concurrency"
	cli         family = "CLI"
	logging     family = "logging"
	timeText    family = "time and text"
)

// families is the order of the families in the report.
var families = []family{reflection, httpFamily, parsers, structures, concurrency, cli, logging, timeText}

// A library is one package of a module, whose whole test suite is run
// natively and interpreted.
type library struct {
	family family
	mod    string // module@version, as go mod download takes it
	pkg    string // the package, relative to the module's root
}

// name is the library's name in the report and for -libs: the module's
// path, and the package when it is not the root.
func (l library) name() string {
	path, _, _ := strings.Cut(l.mod, "@")
	if l.pkg != "." {
		path += "/" + strings.TrimPrefix(l.pkg, "./")
	}
	return path
}

// libraries are popular libraries chosen for breadth, pinned to versions
// the module proxy serves that build with Go 1.26. The main package of
// each, or the package the module is known for where the root has no
// tests.
var libraries = []library{
	{reflection, "github.com/go-viper/mapstructure/v2@v2.5.0", "."},
	{reflection, "github.com/BurntSushi/toml@v1.6.0", "."},
	{reflection, "github.com/pelletier/go-toml/v2@v2.4.3", "."},
	{reflection, "github.com/goccy/go-yaml@v1.19.2", "."},
	{reflection, "gopkg.in/yaml.v3@v3.0.1", "."},
	{reflection, "github.com/go-playground/validator/v10@v10.30.6", "."},
	{reflection, "github.com/google/go-cmp@v0.7.0", "./cmp"},
	{reflection, "github.com/spf13/cast@v1.10.0", "."},
	{reflection, "github.com/kelseyhightower/envconfig@v1.4.0", "."},
	{reflection, "github.com/gorilla/schema@v1.4.1", "."},
	{reflection, "github.com/caarlos0/env/v11@v11.4.2", "."},
	{reflection, "github.com/magiconair/properties@v1.18.13", "."},
	{reflection, "gotest.tools/v3@v3.5.2", "./assert"},
	{reflection, "github.com/google/go-querystring@v1.2.0", "./query"},
	{reflection, "sigs.k8s.io/yaml@v1.6.0", "."},
	{reflection, "github.com/vmihailenco/msgpack/v5@v5.4.1", "."},

	{httpFamily, "github.com/go-chi/chi/v5@v5.5.0", "."},
	{httpFamily, "github.com/gorilla/mux@v1.8.1", "."},
	{httpFamily, "github.com/julienschmidt/httprouter@v1.3.0", "."},
	{httpFamily, "github.com/go-chi/cors@v1.2.2", "."},
	{httpFamily, "github.com/go-chi/httprate@v0.16.1", "."},
	{httpFamily, "github.com/rs/cors@v1.11.1", "."},
	{httpFamily, "github.com/gorilla/handlers@v1.5.2", "."},
	{httpFamily, "github.com/gorilla/sessions@v1.4.0", "."},
	{httpFamily, "github.com/urfave/negroni/v3@v3.1.2", "."},
	{httpFamily, "github.com/gorilla/websocket@v1.5.3", "."},

	{parsers, "github.com/tidwall/gjson@v1.20.2", "."},
	{parsers, "github.com/valyala/fastjson@v1.6.10", "."},
	{parsers, "github.com/gobwas/glob@v1.1.0", "."},
	{parsers, "github.com/Masterminds/semver/v3@v3.5.0", "."},
	{parsers, "github.com/joho/godotenv@v1.5.1", "."},
	{parsers, "github.com/beevik/etree@v1.8.1", "."},
	{parsers, "github.com/gorilla/feeds@v1.2.0", "."},
	{parsers, "github.com/google/uuid@v1.6.0", "."},
	{parsers, "github.com/hashicorp/go-version@v1.9.0", "."},

	{structures, "github.com/google/btree@v1.1.3", "."},
	{structures, "github.com/tidwall/btree@v1.8.2", "."},
	{structures, "github.com/hashicorp/golang-lru/v2@v2.0.7", "."},
	{structures, "github.com/deckarep/golang-set/v2@v2.9.0", "."},
	{structures, "github.com/bits-and-blooms/bitset@v1.29.0", "."},

	{concurrency, "github.com/sourcegraph/conc@v0.3.0", "."},
	{concurrency, "go.uber.org/atomic@v1.12.0", "."},
	{concurrency, "github.com/sony/gobreaker/v2@v2.4.0", "."},
	{concurrency, "golang.org/x/time@v0.16.0", "./rate"},

	{cli, "github.com/spf13/pflag@v1.1.0", "."},
	{cli, "github.com/fatih/color@v1.19.0", "."},
	{cli, "github.com/urfave/cli/v2@v2.27.7", "."},

	{logging, "github.com/rs/zerolog@v1.35.1", "."},
	{logging, "github.com/sirupsen/logrus@v1.10.2", "."},
	{logging, "go.uber.org/zap@v1.28.0", "."},

	{timeText, "github.com/dustin/go-humanize@v1.1.0", "."},
	{timeText, "github.com/rivo/uniseg@v0.4.7", "."},
	{timeText, "github.com/mattn/go-runewidth@v0.0.31", "."},
	{timeText, "github.com/iancoleman/strcase@v0.3.0", "."},
	{timeText, "github.com/shopspring/decimal@v1.6.0", "."},
	{timeText, "github.com/robfig/cron/v3@v3.0.1", "."},
	{timeText, "github.com/Masterminds/sprig/v3@v3.3.0", "."},
}
