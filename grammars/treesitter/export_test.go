package treesitter

// MaxIncremental lets the external tests change maxIncremental.
var MaxIncremental = &maxIncremental
