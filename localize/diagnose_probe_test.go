package localize
