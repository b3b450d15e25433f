//! Reading textures and buffers back to the CPU.
//!
//! wgpu copies a texture into a buffer with every row padded to
//! [`wgpu::COPY_BYTES_PER_ROW_ALIGNMENT`] (256) bytes; [`read_texture`] does
//! the copy, waits for it and removes the padding, so row `y` of the result
//! starts at `y * width * bytes_per_texel`. [`read_buffer`] waits for a
//! mappable buffer, such as a frame's readback root, and copies its bytes out.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::error::{FrameGraphError, Result};
use crate::scoped::{created, in_error_scopes, one_line};

/// Copies one mip level of `texture` into a buffer, waits at most `timeout`
/// for the copy, and returns its texels as tightly packed rows: row after
/// row, then layer after layer (or depth slice after depth slice), each row
/// `width / block_width * block_size` bytes long, without wgpu's row padding.
///
/// The texture needs [`COPY_SRC`](wgpu::TextureUsages::COPY_SRC) usage, one
/// sample per texel and a format with one copyable aspect. Work submitted to
/// `queue` before the call (an executed frame) is finished first.
///
/// # Errors
///
/// FG4011 ([`ReadbackFailed`](FrameGraphError::ReadbackFailed)) when the
/// texture cannot be copied out (no `COPY_SRC`, multisampled, a mip it does
/// not have, a depth-stencil or planar format, more bytes than a buffer may
/// hold, destroyed or of another device), when the copy does not finish
/// within `timeout`, or when the device is lost.
///
/// ```
/// use std::time::Duration;
/// use zenfg_runtime::{readback::read_texture, wgpu};
/// # let (device, queue) = wgpu::Device::noop(&Default::default());
/// // 3 texels of 4 bytes per row: wgpu pads each row to 256 bytes, the result has 12.
/// let texture = device.create_texture(&wgpu::TextureDescriptor {
///     label: Some("picture"),
///     size: wgpu::Extent3d { width: 3, height: 2, depth_or_array_layers: 1 },
///     mip_level_count: 1,
///     sample_count: 1,
///     dimension: wgpu::TextureDimension::D2,
///     format: wgpu::TextureFormat::Rgba8Unorm,
///     usage: wgpu::TextureUsages::COPY_SRC | wgpu::TextureUsages::COPY_DST,
///     view_formats: &[],
/// });
/// let texels = read_texture(&device, &queue, &texture, 0, Duration::from_secs(5))?;
/// assert_eq!(texels.len(), 3 * 2 * 4);
///
/// // A mip the texture does not have is an error, not a panic.
/// let error = read_texture(&device, &queue, &texture, 1, Duration::from_secs(5)).unwrap_err();
/// assert_eq!(error.code(), "FG4011");
/// # Ok::<(), zenfg_runtime::FrameGraphError>(())
/// ```
pub fn read_texture(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
    mip_level: u32,
    timeout: Duration,
) -> Result<Vec<u8>> {
    let format = texture.format();
    let what = format!(
        "mip {mip_level} of a {}x{}x{} {format:?} texture",
        texture.width(),
        texture.height(),
        texture.depth_or_array_layers()
    );
    let failed = |reason: &str| FrameGraphError::ReadbackFailed { what: what.clone(), reason: reason.to_owned() };
    if !texture.usage().contains(wgpu::TextureUsages::COPY_SRC) {
        return Err(failed("the texture lacks COPY_SRC usage; create it with COPY_SRC to read it back"));
    }
    if texture.sample_count() != 1 {
        return Err(failed("a multisampled texture cannot be copied; resolve it into a single-sampled one first"));
    }
    if mip_level >= texture.mip_level_count() {
        return Err(failed("the texture has no such mip level"));
    }
    let Some(block_size) = format.block_copy_size(None) else {
        return Err(failed("the format has no single copyable aspect (depth-stencil or planar)"));
    };
    let extent = texture.size().mip_level_size(mip_level, texture.dimension());
    let physical = extent.physical_size(format);
    let (block_width, block_height) = format.block_dimensions();
    let rows = physical.height / block_height;
    let layers = physical.depth_or_array_layers;
    let row_bytes = physical.width / block_width * block_size;
    let padded_row_bytes = row_bytes.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    let size = u64::from(padded_row_bytes) * u64::from(rows) * u64::from(layers);
    let max = device.limits().max_buffer_size;
    if size > max {
        return Err(FrameGraphError::ReadbackFailed {
            what: what.clone(),
            reason: format!(
                "its {size} bytes, rows padded to {}, are more than one buffer holds on this device \
                 (max_buffer_size {max}); read back a smaller mip, or copy it out in parts",
                wgpu::COPY_BYTES_PER_ROW_ALIGNMENT
            ),
        });
    }

    // In error scopes: a texture the caller destroyed, or one of another
    // device, is refused by wgpu here.
    let ((buffer, submission), refusal) = in_error_scopes(device, || {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("zenfg-texture-readback"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder =
            device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("zenfg-readback") });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture,
                mip_level,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded_row_bytes),
                    rows_per_image: Some(rows),
                },
            },
            physical,
        );
        let submission = queue.submit([encoder.finish()]);
        (buffer, submission)
    });
    if let Some(error) = refusal {
        buffer.destroy();
        return Err(failed(&format!(
            "wgpu refused to copy it ({}); read back a live texture of this device",
            one_line(&error)
        )));
    }
    if let Err(reason) = map_for_reading(device, &buffer, Some(submission), timeout) {
        buffer.destroy();
        return Err(failed(&reason));
    }
    let texels = {
        let Ok(view) = buffer.get_mapped_range(..) else {
            buffer.destroy();
            return Err(failed("the mapped readback buffer could not be read"));
        };
        let mut texels = Vec::with_capacity(row_bytes as usize * rows as usize * layers as usize);
        for row in view.chunks_exact(padded_row_bytes as usize) {
            texels.extend_from_slice(&row[..row_bytes as usize]);
        }
        texels
    };
    buffer.destroy();
    Ok(texels)
}

/// Waits at most `timeout` for the work submitted to `device`'s queue (up to
/// `submission`, or all of it), then for `buffer`, which has `MAP_READ`
/// usage, to be mapped for reading; why not, when it is not.
fn map_for_reading(
    device: &wgpu::Device,
    buffer: &wgpu::Buffer,
    submission: Option<wgpu::SubmissionIndex>,
    timeout: Duration,
) -> Result<(), String> {
    let (sender, receiver) = mpsc::channel();
    created(device, || {
        buffer.map_async(wgpu::MapMode::Read, .., move |result| {
            let _ = sender.send(result);
        });
    })
    .map_err(|error| {
        format!(
            "wgpu refused to map it ({}); unmap a buffer mapped before, or wait for its pending map",
            one_line(&error)
        )
    })?;
    // A timeout too long to add (`Duration::MAX`) waits without a deadline.
    let deadline = Instant::now().checked_add(timeout);
    let mapped = loop {
        if let Ok(result) = receiver.try_recv() {
            break result;
        }
        let left = deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()));
        if left.is_some_and(|left| left.is_zero()) {
            return Err(format!("the GPU work did not finish within {timeout:?}; wait longer"));
        }
        let wait = wgpu::PollType::Wait { submission_index: submission.clone(), timeout: left };
        match device.poll(wait) {
            Ok(_) | Err(wgpu::PollError::Timeout) => {}
            Err(error) => return Err(format!("waiting for the device failed: {error}")),
        }
    };
    mapped.map_err(|_| {
        "the buffer could not be mapped: it is destroyed, a map of it is pending, or its device is lost".to_owned()
    })
}

/// Waits at most `timeout` for the work submitted before the call (an
/// executed frame whose readback root `buffer` is) and returns the bytes of
/// `buffer`, which is unmapped again afterwards.
///
/// # Errors
///
/// FG4011 ([`ReadbackFailed`](FrameGraphError::ReadbackFailed)) when
/// `buffer` lacks [`MAP_READ`](wgpu::BufferUsages::MAP_READ) usage, when
/// the work does not finish within `timeout` (the buffer is left unmapped,
/// ready for another try), when it is mapped already (its mapping is left
/// as it is), when wgpu refuses to map it (a destroyed buffer or one with a
/// map pending), or when the device is lost.
///
/// ```
/// use std::time::Duration;
/// use zenfg_runtime::{readback::read_buffer, wgpu};
/// # let (device, _queue) = wgpu::Device::noop(&Default::default());
/// let buffer = device.create_buffer(&wgpu::BufferDescriptor {
///     label: Some("results"),
///     size: 64,
///     usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
///     mapped_at_creation: false,
/// });
/// assert_eq!(read_buffer(&device, &buffer, Duration::from_secs(5))?.len(), 64);
///
/// // A buffer the CPU cannot map is an error, not a panic.
/// let storage = device.create_buffer(&wgpu::BufferDescriptor {
///     label: Some("state"),
///     size: 64,
///     usage: wgpu::BufferUsages::STORAGE,
///     mapped_at_creation: false,
/// });
/// assert_eq!(read_buffer(&device, &storage, Duration::from_secs(5)).unwrap_err().code(), "FG4011");
/// # Ok::<(), zenfg_runtime::FrameGraphError>(())
/// ```
pub fn read_buffer(device: &wgpu::Device, buffer: &wgpu::Buffer, timeout: Duration) -> Result<Vec<u8>> {
    let what = format!("a {}-byte buffer", buffer.size());
    let failed = |reason: String| FrameGraphError::ReadbackFailed { what: what.clone(), reason };
    if !buffer.usage().contains(wgpu::BufferUsages::MAP_READ) {
        return Err(failed(
            "the buffer lacks MAP_READ usage; copy into a MAP_READ | COPY_DST buffer and read that one".to_owned(),
        ));
    }
    if buffer.get_mapped_range(..).is_ok() {
        return Err(failed("it is mapped already; unmap it first (its mapping is left as it is)".to_owned()));
    }
    if let Err(reason) = map_for_reading(device, buffer, None, timeout) {
        // The caller's buffer must not stay mapped, or waiting to be; a
        // buffer that never got mapped (a destroyed one) refuses the unmap.
        let _ = in_error_scopes(device, || buffer.unmap());
        return Err(failed(reason));
    }
    let bytes = match buffer.get_mapped_range(..) {
        Ok(view) => Ok(view.to_vec()),
        Err(_) => Err(failed("the mapped buffer could not be read".to_owned())),
    };
    buffer.unmap();
    bytes
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{read_buffer, read_texture};

    #[test]
    fn a_read_that_times_out_leaves_the_buffer_readable() {
        let (device, _queue) = wgpu::Device::noop(&Default::default());
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("results"),
            size: 16,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let error = read_buffer(&device, &buffer, Duration::ZERO).unwrap_err();
        assert_eq!(error.code(), "FG4011");
        assert!(error.to_string().contains("did not finish"), "{error}");
        let bytes = read_buffer(&device, &buffer, Duration::from_secs(5)).expect("the map was cancelled");
        assert_eq!(bytes.len(), 16);
        let bytes = read_buffer(&device, &buffer, Duration::MAX).expect("Duration::MAX waits without a deadline");
        assert_eq!(bytes.len(), 16);
    }

    #[test]
    fn a_buffer_mapped_already_or_destroyed_is_fg4011_not_a_panic() {
        let (device, _queue) = wgpu::Device::noop(&Default::default());
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("results"),
            size: 16,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: true,
        });
        let error = read_buffer(&device, &buffer, Duration::from_secs(5)).unwrap_err();
        assert_eq!(error.code(), "FG4011");
        assert!(error.to_string().contains("it is mapped already"), "{error}");
        assert!(buffer.get_mapped_range(..).is_ok(), "the caller's mapping is left as it is");
        buffer.unmap();
        assert_eq!(read_buffer(&device, &buffer, Duration::from_secs(5)).expect("unmapped, it reads").len(), 16);
        buffer.destroy();
        let error = read_buffer(&device, &buffer, Duration::from_secs(5)).unwrap_err();
        assert_eq!(error.code(), "FG4011", "a destroyed buffer is an error, not a panic: {error}");
    }

    #[test]
    fn a_mip_larger_than_one_buffer_holds_is_fg4011() {
        let (device, queue) = wgpu::Device::noop(&Default::default());
        let side = device.limits().max_texture_dimension_2d;
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("huge"),
            size: wgpu::Extent3d { width: side, height: side, depth_or_array_layers: 1 },
            mip_level_count: 7,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba32Float,
            usage: wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        assert!(u64::from(side) * u64::from(side) * 16 > device.limits().max_buffer_size);
        let error = read_texture(&device, &queue, &texture, 0, Duration::from_secs(5)).unwrap_err();
        assert_eq!(error.code(), "FG4011");
        assert!(error.to_string().contains("read back a smaller mip"), "{error}");
        let small = read_texture(&device, &queue, &texture, 6, Duration::from_secs(5)).expect("a small mip reads");
        assert_eq!(small.len() as u64, u64::from(side >> 6) * u64::from(side >> 6) * 16);
    }

    #[test]
    fn a_destroyed_texture_is_fg4011_not_a_panic() {
        let (device, queue) = wgpu::Device::noop(&Default::default());
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("gone"),
            size: wgpu::Extent3d { width: 4, height: 4, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        assert_eq!(read_texture(&device, &queue, &texture, 0, Duration::from_secs(5)).expect("it reads").len(), 64);
        texture.destroy();
        let error = read_texture(&device, &queue, &texture, 0, Duration::from_secs(5)).unwrap_err();
        assert_eq!(error.code(), "FG4011");
        assert!(error.to_string().contains("wgpu refused to copy it"), "{error}");
    }
}
