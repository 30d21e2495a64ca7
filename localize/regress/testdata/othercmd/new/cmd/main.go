// Command cmd does not build: no module provides the package it imports.
package main

import "example.com/nowhere/missing"

func main() { missing.Run(2) }
