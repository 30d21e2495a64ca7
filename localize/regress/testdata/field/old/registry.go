// Package registry is a regression subject whose new version keeps the
// handlers in a field of the root node instead of a package map: a node
// that registers before it is added to its tree loses them.
package registry

// handlers maps a name to its handler, whichever node registered it.
var handlers = map[string]func() string{}

// Node is a node of a tree.
type Node struct {
	// Name names the node.
	Name string

	parent *Node
	kids   []*Node
}

// Add makes k a child of n.
func (n *Node) Add(k *Node) {
	k.parent = n
	n.kids = append(n.kids, k)
}

// Root returns the root of n's tree.
func (n *Node) Root() *Node {
	for n.parent != nil {
		n = n.parent
	}
	return n
}

// Register names f as the handler of name.
func (n *Node) Register(name string, f func() string) {
	handlers[name] = f
}

// Call runs the handler of name, or returns "" when there is none.
func (n *Node) Call(name string) string {
	f := handlers[name]
	if f == nil {
		return ""
	}
	return f()
}

// Depth returns the number of ancestors of n.
func (n *Node) Depth() int {
	d := 0
	for p := n.parent; p != nil; p = p.parent {
		d++
	}
	return d
}
