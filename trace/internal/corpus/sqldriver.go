package corpus

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// SQLDriver drives database/sql with a driver of the program's own (an
// in-memory table, as SQL mocks and builders' tests use): sql.Open of a
// registered driver, Exec and QueryRow with arguments a driver.Valuer and
// sql.Named give, Scan into the program's variables and into a
// sql.Scanner of its own, the Null types, a transaction rolled back and
// the errors database/sql adds (no rows, a closed statement's).
func SQLDriver() string {
	sqlRegister.Do(func() { sql.Register("corpusmem", sqlMemDriver{}) })
	sqlMemTable = nil
	db, err := sql.Open("corpusmem", "t")
	if err != nil {
		return err.Error()
	}
	defer db.Close()
	var out []string
	say := func(x ...any) { out = append(out, fmt.Sprint(x...)) }
	_, err = db.Exec("insert", "ann", sqlCelsius(21.5), sql.Named("when", time.Unix(7, 0).UTC()))
	say("named: ", err, " ", sql.Named("when", 7))
	r, err := db.Exec("insert", "ann", sqlCelsius(21.5), time.Unix(7, 0).UTC())
	if err != nil {
		say("exec: ", err)
	} else {
		n, _ := r.RowsAffected()
		id, _ := r.LastInsertId()
		say("exec ", n, " ", id)
	}
	db.Exec("insert", "bob", nil, time.Unix(9, 0).UTC())
	var name string
	var temp sql.NullFloat64
	var when time.Time
	var tag sqlUpper
	err = db.QueryRowContext(context.Background(), "select", "ann").Scan(&name, &temp, &when, &tag)
	say(name, " ", temp, " ", when.Unix(), " ", tag, " ", err)
	var ns sql.NullString
	var nt sql.NullTime
	err = db.QueryRow("select", "bob").Scan(&ns, &temp, &nt, &tag)
	say(ns, " ", temp.Valid, " ", nt.Valid, " ", tag, " ", err)
	err = db.QueryRow("select", "carl").Scan(&name)
	say(errors.Is(err, sql.ErrNoRows), " ", err)
	rows, err := db.Query("all")
	if err == nil {
		cols, _ := rows.Columns()
		say(cols)
		for rows.Next() {
			var a, b, c, d any
			rows.Scan(&a, &b, &c, &d)
			say(fmt.Sprintf("%T %v %T %T", a, a, b, c))
		}
		say("rows err ", rows.Err(), " close ", rows.Close())
	}
	tx, _ := db.Begin()
	tx.Exec("insert", "dan", 1.0, time.Unix(1, 0).UTC())
	say("rollback ", tx.Rollback(), " again ", tx.Rollback())
	_, err = db.Exec("fail")
	say("fail: ", err)
	v, err := driver.DefaultParameterConverter.ConvertValue(sqlCelsius(3))
	say(v, " ", err, " ", driver.IsValue(sqlCelsius(3)), " ", driver.IsValue(int64(3)))
	return strings.Join(out, "\n")
}

type sqlCelsius float64

func (c sqlCelsius) Value() (driver.Value, error) { return float64(c) + 0.25, nil }

type sqlUpper string

func (u *sqlUpper) Scan(src any) error {
	s, ok := src.(string)
	if !ok {
		return fmt.Errorf("sqlUpper: %T", src)
	}
	*u = sqlUpper(strings.ToUpper(s))
	return nil
}

type sqlMemRow struct {
	name string
	temp any
	when time.Time
}

type sqlMemDriver struct{}

var (
	sqlMemTable []sqlMemRow
	sqlRegister sync.Once // a second call (go test -count=2) registers no second driver
)

func (sqlMemDriver) Open(string) (driver.Conn, error) { return &sqlMemConn{}, nil }

type sqlMemConn struct{ tx []sqlMemRow }

func (c *sqlMemConn) Prepare(q string) (driver.Stmt, error) { return &sqlMemStmt{c: c, q: q}, nil }
func (c *sqlMemConn) Close() error                          { return nil }
func (c *sqlMemConn) Begin() (driver.Tx, error)             { c.tx = []sqlMemRow{}; return sqlMemTx{c}, nil }

type sqlMemTx struct{ c *sqlMemConn }

func (t sqlMemTx) Commit() error {
	sqlMemTable = append(sqlMemTable, t.c.tx...)
	t.c.tx = nil
	return nil
}
func (t sqlMemTx) Rollback() error { t.c.tx = nil; return nil }

type sqlMemStmt struct {
	c *sqlMemConn
	q string
}

func (s *sqlMemStmt) Close() error { return nil }
func (s *sqlMemStmt) NumInput() int {
	switch s.q {
	case "insert":
		return 3
	case "select":
		return 1
	}
	return 0
}

func (s *sqlMemStmt) Exec(args []driver.Value) (driver.Result, error) {
	if s.q != "insert" {
		return nil, errors.New("mem: cannot exec " + s.q)
	}
	row := sqlMemRow{name: args[0].(string), temp: args[1], when: args[2].(time.Time)}
	if s.c.tx != nil {
		s.c.tx = append(s.c.tx, row)
	} else {
		sqlMemTable = append(sqlMemTable, row)
	}
	return driver.RowsAffected(1), nil
}

func (s *sqlMemStmt) Query(args []driver.Value) (driver.Rows, error) {
	var rows []sqlMemRow
	for _, r := range sqlMemTable {
		if s.q == "all" || len(args) == 1 && r.name == args[0] {
			rows = append(rows, r)
		}
	}
	return &sqlMemRows{rows: rows}, nil
}

type sqlMemRows struct {
	rows []sqlMemRow
	i    int
}

func (r *sqlMemRows) Columns() []string { return []string{"name", "temp", "when", "tag"} }
func (r *sqlMemRows) Close() error      { return nil }
func (r *sqlMemRows) Next(dest []driver.Value) error {
	if r.i >= len(r.rows) {
		return io.EOF
	}
	row := r.rows[r.i]
	r.i++
	dest[0], dest[1], dest[2], dest[3] = row.name, row.temp, row.when, row.name
	return nil
}
