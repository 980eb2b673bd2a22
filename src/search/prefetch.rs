//! A hint to the processor to start fetching memory the search will read shortly (the
//! transposition table's bucket and the evaluation cache's entry of a position just reached),
//! so that the read, when it comes, does not wait on memory.

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
