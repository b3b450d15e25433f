//! Native objects created in error scopes of their own, so that wgpu's
//! refusal reaches the caller as a value instead of the device's
//! uncaptured-error handler, which panics unless the caller installed
//! another.

/// Runs `create` inside validation and out-of-memory error scopes and
/// returns what it made with the error one of them caught, if any.
pub(crate) fn in_error_scopes<T>(device: &wgpu::Device, create: impl FnOnce() -> T) -> (T, Option<wgpu::Error>) {
    let out_of_memory = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let validation = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let made = create();
    let caught = ready(validation.pop()).or_else(|| ready(out_of_memory.pop()));
    (made, caught)
}

/// What `create` made inside error scopes, or the error they caught (what
/// it made is then dropped).
pub(crate) fn created<T>(device: &wgpu::Device, create: impl FnOnce() -> T) -> Result<T, wgpu::Error> {
    match in_error_scopes(device, create) {
        (made, None) => Ok(made),
        (_, Some(error)) => Err(error),
    }
}

/// The error an error scope caught, if it has one now. Native backends
/// answer at once; a backend that answers later (the web's) is taken to have
/// caught nothing, as wgpu's own handler would report it.
fn ready(popped: impl Future<Output = Option<wgpu::Error>>) -> Option<wgpu::Error> {
    let mut popped = std::pin::pin!(popped);
    match popped.as_mut().poll(&mut std::task::Context::from_waker(std::task::Waker::noop())) {
        std::task::Poll::Ready(error) => error,
        std::task::Poll::Pending => None,
    }
}

/// wgpu's error on one line: the chain of its causes (which name the call,
/// the object and what did not fit), or its message when it has none.
pub(crate) fn one_line(error: &wgpu::Error) -> String {
    let mut causes = Vec::new();
    let mut cause = std::error::Error::source(error);
    while let Some(next) = cause {
        causes.push(next.to_string().trim().to_owned());
        cause = next.source();
    }
    if causes.is_empty() {
        error.to_string().split_whitespace().collect::<Vec<_>>().join(" ")
    } else {
        causes.join(": ")
    }
}
