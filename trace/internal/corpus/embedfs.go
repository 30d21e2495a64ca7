package corpus

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
)

//go:embed testdata/embedfs/*
var embedded embed.FS

//go:embed testdata/embedfs/a.txt testdata/embedfs/sub/deep
var embeddedSome embed.FS

// EmbedFS reads //go:embed file systems directly and through fs.Sub,
// fs.WalkDir, fs.ReadFile, fs.Glob and fs.Stat: the files a pattern
// matches, the directories embed.FS adds, the names cmd/go leaves out
// ('.' and '_' prefixes below a matched directory) and the errors of
// missing names.
func EmbedFS() string {
	var sb strings.Builder
	for _, fsys := range []fs.FS{embedded, embeddedSome} {
		sub, err := fs.Sub(fsys, "testdata/embedfs")
		check(err == nil, "fs.Sub")
		fs.WalkDir(sub, ".", func(path string, d fs.DirEntry, err error) error {
			fmt.Fprintf(&sb, "%s %v %v|", path, d.IsDir(), err)
			if !d.IsDir() {
				b, err := fs.ReadFile(sub, path)
				fmt.Fprintf(&sb, "%q %v|", b, err)
			}
			return nil
		})
		m, err := fs.Glob(sub, "sub/*")
		fmt.Fprintln(&sb, m, err)
		info, err := fs.Stat(sub, "sub/deep/c.md")
		if err == nil {
			fmt.Fprintln(&sb, info.Name(), info.Size(), info.IsDir(), info.Mode())
		}
		_, err = fs.ReadFile(sub, "sub/.hidden")
		fmt.Fprintln(&sb, err)
	}
	des, err := embedded.ReadDir("testdata/embedfs/sub")
	for _, d := range des {
		fmt.Fprint(&sb, d.Name(), d.IsDir(), " ")
	}
	b, err2 := embedded.ReadFile("testdata/embedfs/z-last.txt")
	_, err3 := embedded.Open("nope")
	fmt.Fprintln(&sb, err, string(b), err2, err3)
	return sb.String()
}
