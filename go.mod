module github.com/pacosako-go/pacosako

go 1.23.0

require github.com/google/go-cmp v0.7.0

require golang.org/x/exp v0.0.0-20250811191247-51f88131bc50

require golang.org/x/image v0.30.0

require golang.org/x/text v0.28.0 // indirect
