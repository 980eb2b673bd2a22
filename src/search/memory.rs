//! Hints about the memory the search reads most: to the processor, to start fetching what the
//! search will read shortly (the transposition table's bucket and the evaluation cache's entry
//! of a position just reached), so that the read, when it comes, does not wait on memory; to
//! the kernel, to back the transposition table and the continuation history with huge pages,
//! so that their random reads do not each miss the address-translation cache as well.

/// Start bringing `item` into the processor's cache. Does nothing where the target has no
/// prefetch instruction Alfil knows of.
#[inline]
#[allow(unsafe_code)]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let address: *const T = item;
        // SAFETY: a prefetch is a hint: it reads nothing into the program and cannot fault,
        // and the address is of a value borrowed here, so it is live.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// Ask the kernel to back the memory of `items` (its whole capacity) with huge pages where it
/// can: on Linux, `madvise(MADV_HUGEPAGE)` over the 2 MB pages the allocation covers. Call it
/// before the memory is first written. Only advice: where the kernel declines, nothing changes.
#[allow(unsafe_code)]
pub fn advise_huge_pages<T>(items: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE_PAGE: usize = 2 << 20;
        let start = items.as_ptr() as usize;
        let end = start + items.capacity() * std::mem::size_of::<T>();
        let first = start.next_multiple_of(HUGE_PAGE);
        let last = end / HUGE_PAGE * HUGE_PAGE;
        if last > first {
            // SAFETY: madvise with MADV_HUGEPAGE changes neither the contents nor the mapping
            // of the range, only how the kernel backs it, and the range lies inside the
            // vector's own allocation.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                )
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = items;
}
