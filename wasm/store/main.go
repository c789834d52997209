//go:build js && wasm

// Command store is applylens' saved work for the browser: the page's
// named saves and autosaves in IndexedDB, through
// github.com/hack-pad/go-indexeddb. A wasm of its own, loaded by the
// page after its first result, so that the first visit does not pay for
// it. It registers
//
//	globalThis.applylensStore = { call(requestJSON) -> Promise<responseJSON> }
//
// then sets globalThis.applylensStoreReady = true, calls
// globalThis.onApplylensStoreReady() if the page defined it, and answers
// calls one at a time, in order. The requests and all their logic are
// engine/savedwork's (Store.Handle); this file only opens the database
// and moves strings between it, the page and Handle.
package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"syscall/js"
	"time"

	"github.com/applylens/applylens/engine/savedwork"
	"github.com/applylens/applylens/wasm/internal/bridge"
	"github.com/hack-pad/go-indexeddb/idb"
)

const (
	dbName    = "applylens"
	dbVersion = 1
	// objectStore holds every record, keyed by id, as its JSON text.
	objectStore = "records"
	// callTimeout bounds one request: a browser whose storage hangs
	// (another tab blocking an upgrade, say) gets an error, not silence.
	callTimeout = 20 * time.Second
)

// job is one call: its request and the Promise's resolve.
type job struct {
	request string
	resolve js.Value
}

func main() {
	jobs := make(chan job, 64)
	go serve(jobs)

	call := js.FuncOf(func(_ js.Value, args []js.Value) any {
		request := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			request = args[0].String()
		}
		var executor js.Func
		executor = js.FuncOf(func(_ js.Value, p []js.Value) any {
			executor.Release()
			// Queued from a JS callback: the channel must not block it.
			select {
			case jobs <- job{request: request, resolve: p[0]}:
			default:
				go func() { jobs <- job{request: request, resolve: p[0]} }()
			}
			return nil
		})
		return js.Global().Get("Promise").New(executor)
	})

	bridge.Publish("applylensStore", map[string]js.Func{"call": call})
	select {}
}

// serve answers the jobs in order. The database is opened at the first
// one; when it cannot be, every answer says why (ErrUnavailable).
func serve(jobs <-chan job) {
	store := &savedwork.Store{NewID: newID}
	var openErr error
	opened := false
	for j := range jobs {
		out := func() (out string) {
			defer func() {
				if r := recover(); r != nil {
					out = errorResponse(savedwork.ErrInternal, fmt.Sprintf("the store hit a bug (%v)", r))
				}
			}()
			ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
			defer cancel()
			if !opened {
				opened = true
				var db *idb.Database
				db, openErr = open(ctx)
				store.Backend = &backend{db: db}
			}
			if openErr != nil {
				return errorResponse(savedwork.ErrUnavailable, openErr.Error())
			}
			return store.Handle(ctx, j.request)
		}()
		j.resolve.Invoke(out)
	}
}

func errorResponse(kind savedwork.ErrorKind, message string) string {
	return `{"error":{"kind":"` + string(kind) + `","message":` + js.Global().Get("JSON").Call("stringify", message).String() + `}}`
}

// open opens (and on the first visit creates) the database.
func open(ctx context.Context) (db *idb.Database, err error) {
	defer func() {
		// Reading indexedDB can throw (a sandboxed frame, storage blocked).
		if r := recover(); r != nil {
			db, err = nil, fmt.Errorf("this browser gives the page no storage (%v)", r)
		}
	}()
	jsFactory := js.Global().Get("indexedDB")
	if !jsFactory.Truthy() {
		return nil, errors.New("this browser has no IndexedDB")
	}
	factory, err := idb.WrapFactory(jsFactory)
	if err != nil {
		return nil, err
	}
	req, err := factory.Open(ctx, dbName, dbVersion, func(db *idb.Database, oldVersion, newVersion uint) error {
		if oldVersion < 1 {
			_, err := db.CreateObjectStore(objectStore, idb.ObjectStoreOptions{})
			return err
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("the browser refused to open the storage (%w)", err)
	}
	db, err = req.Await(ctx)
	if err != nil {
		return nil, fmt.Errorf("the browser refused to open the storage (%w)", err)
	}
	return db, nil
}

// backend is savedwork.Backend over one object store of IndexedDB.
type backend struct {
	db *idb.Database
}

func (b *backend) store(mode idb.TransactionMode) (*idb.Transaction, *idb.ObjectStore, error) {
	txn, err := b.db.Transaction(mode, objectStore)
	if err != nil {
		return nil, nil, storageError(err)
	}
	s, err := txn.ObjectStore(objectStore)
	if err != nil {
		return nil, nil, storageError(err)
	}
	return txn, s, nil
}

func (b *backend) All(ctx context.Context) ([]string, error) {
	_, s, err := b.store(idb.TransactionReadOnly)
	if err != nil {
		return nil, err
	}
	req, err := s.OpenCursor(idb.CursorNext)
	if err != nil {
		return nil, storageError(err)
	}
	var out []string
	err = req.Iter(ctx, func(c *idb.CursorWithValue) error {
		v, err := c.Value()
		if err == nil && v.Type() == js.TypeString {
			out = append(out, v.String())
		}
		return err
	})
	return out, storageError(err)
}

func (b *backend) Get(ctx context.Context, id string) (string, bool, error) {
	_, s, err := b.store(idb.TransactionReadOnly)
	if err != nil {
		return "", false, err
	}
	req, err := s.Get(js.ValueOf(id))
	if err != nil {
		return "", false, storageError(err)
	}
	v, err := req.Await(ctx)
	if err != nil {
		return "", false, storageError(err)
	}
	if v.Type() != js.TypeString {
		return "", false, nil
	}
	return v.String(), true, nil
}

// Put and Delete wait for their transaction to commit: an answer means
// the record is on disk.
func (b *backend) Put(ctx context.Context, id, text string) error {
	txn, s, err := b.store(idb.TransactionReadWrite)
	if err != nil {
		return err
	}
	if _, err := s.PutKey(js.ValueOf(id), js.ValueOf(text)); err != nil {
		return storageError(err)
	}
	return storageError(txn.Await(ctx))
}

func (b *backend) Delete(ctx context.Context, id string) error {
	txn, s, err := b.store(idb.TransactionReadWrite)
	if err != nil {
		return err
	}
	if _, err := s.Delete(js.ValueOf(id)); err != nil {
		return storageError(err)
	}
	return storageError(txn.Await(ctx))
}

// storageError words the browser's errors as savedwork errors: a full
// storage is ErrQuota, anything else ErrUnavailable.
func storageError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, idb.NewDOMException("QuotaExceededError")) {
		return &savedwork.Error{Kind: savedwork.ErrQuota, Message: "the browser's storage for this page is full"}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &savedwork.Error{Kind: savedwork.ErrUnavailable, Message: "the browser's storage did not answer"}
	}
	return &savedwork.Error{Kind: savedwork.ErrUnavailable, Message: err.Error()}
}

// newID is 16 random hex digits. Not a secret, only unique: math/rand
// (seeded by the browser's crypto.getRandomValues) costs the wasm far
// less than crypto/rand.
func newID() string {
	s := strconv.FormatUint(rand.Uint64(), 16)
	for len(s) < 16 {
		s = "0" + s
	}
	return s
}
