package engine

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with huge pages (transparent
// huge pages in madvise mode): a probe then rarely misses the TLB as well as
// the cache. Nothing happens where the kernel does not allow it.
func adviseHugePages(slots []slot) {
	if len(slots) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&slots[0])), len(slots)*int(unsafe.Sizeof(slot{})))
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE
}
