//! Legacy V0 (the unversioned `{ compilation, gpuTiming, resourcePool }` debug capture)
//! to 1.2.
//!
//! The source is read and checked field by field (issues use `legacy-*` codes and source
//! paths), then converted: numeric ids become prefixed strings, retained nodes (in
//! execution order) are followed by culled ones, WebGPU usage bits become flags,
//! `swapchain` becomes `surface`, transient and surface resources begin `undefined` while
//! imported ones stay unknown. Texture views and recording order never existed; groups,
//! access regions and root ranges/resolutions are declared unavailable when missing. The
//! result is then validated as Snapshot 1.2 like any other document, so reference and
//! ordering problems are reported at the paths of the migrated document. Unknown source
//! properties are ignored.
//!
//! The source shape read here: `compilation` holds `nodes` (retained, in execution order)
//! and `culledNodes` (`id`, `kind`, `label`, `sideEffect`, optional `debugGroupId` and a
//! culled `reason`), optional `debugGroups` (`id`, `label`, optional `parentId`),
//! `resources` (`id`, `kind`, `label`, `origin`, WebGPU `usage` bits, optional
//! `physicalAllocationId`, `debugGroupId`, `lifetime`, `estimatedByteSize` and a
//! `descriptor` without `kind`), `accesses` (numeric ids, optional `textureRegion` /
//! `bufferRange`), `dependencies`, `roots` (`nodeId` or `resourceId`), `allocations`
//! (numeric `compatibilityClassId`) and `executionSegments` (`index`, `kind`, `nodeIds`);
//! `gpuTiming` holds the captured `frameIndex` and either `frameDurationMicros` and
//! `nodes` or a `reason`; `resourcePool` holds the pool counters.

use serde_json::{Map, Value};

use crate::SnapshotIssue;
use crate::issue::{IssueText, Issues};
use crate::parse::discard;
use crate::pointer::{field, index};
use crate::validate::{Profile, json_value, safe_integer, validate_owned};
use crate::wire::{
    FrameGraphSnapshotV1, SnapshotAccess, SnapshotAccessKind, SnapshotAccessMode, SnapshotAllocation,
    SnapshotAllocationReport, SnapshotBufferRange, SnapshotCapture, SnapshotCpuTimings, SnapshotDependency,
    SnapshotDependencyKind, SnapshotGpuNodeTiming, SnapshotGpuTimings, SnapshotGraph, SnapshotGroup,
    SnapshotInitialContents, SnapshotLifetime, SnapshotMemory, SnapshotMigration, SnapshotMigrationSourceFormat,
    SnapshotNode, SnapshotNodeCompileState, SnapshotNodeKind, SnapshotPoolReport, SnapshotProducer, SnapshotResource,
    SnapshotResourceDescriptor, SnapshotResourceKind, SnapshotResourceOrigin, SnapshotResourceRoot, SnapshotRoot,
    SnapshotRootReason, SnapshotSegment, SnapshotSegmentKind, SnapshotTextureRegion, SnapshotTextureSize,
    SnapshotTimings, SnapshotUnavailableFact, SnapshotUsageFlag, SnapshotWriteContents, WireEnum,
};

/// The keys that mark a Legacy V0 capture.
const MARKERS: [&str; 3] = ["compilation", "gpuTiming", "resourcePool"];

/// Whether `document` is a Legacy V0 capture: no `format`, and any of its three parts.
pub(crate) fn is_legacy_v0(document: &Map<String, Value>) -> bool {
    !document.contains_key("format") && MARKERS.iter().any(|key| document.contains_key(*key))
}

/// Warning attached to every migrated Legacy V0 capture.
pub(crate) fn warning() -> SnapshotIssue {
    SnapshotIssue::warning(
        "legacy-v0-migrated",
        "",
        "The unversioned debug capture was migrated to FrameGraph Snapshot 1.2.",
    )
}

/// Checks and converts a Legacy V0 capture, then validates the result as 1.2. Returns
/// `None` with the issues in `issues` when either step fails. The capture is dropped
/// once converted, before the result is validated.
pub(crate) fn migrate(document: &mut Value, issues: &mut Issues) -> Option<FrameGraphSnapshotV1> {
    let converted = Reader { issues: &mut *issues }.document(document);
    discard(document);
    let snapshot = converted.filter(|_| issues.is_empty())?;
    // Validated as owned JSON, which the validator consumes instead of copying.
    let value = json_value(&snapshot, issues).ok().flatten()?;
    validate_owned(value, Profile::V1_2, issues)?;
    Some(snapshot)
}

/// Reads the source, one field at a time; every `None` comes with at least one issue.
struct Reader<'i> {
    issues: &'i mut Issues,
}

/// A converted `compilation` part.
struct Compilation {
    graph: SnapshotGraph,
    allocations: Vec<SnapshotAllocation>,
    groups_known: bool,
}

impl Reader<'_> {
    fn error(&mut self, code: &str, path: impl IssueText, message: impl IssueText) {
        self.issues.error(code, path, message);
    }

    fn object<'v>(&mut self, value: Option<&'v Value>, path: &str) -> Option<&'v Map<String, Value>> {
        let map = value.and_then(Value::as_object);
        if map.is_none() {
            self.error("legacy-structure", path, "Expected an object.");
        }
        map
    }

    /// Reads every item of an array with `read`; `None` if any item fails.
    ///
    /// Items are still read after a failure, for their issues, but no longer kept, and
    /// nothing is reserved ahead: an array of items that all fail costs only its issues,
    /// however small its items are in the text and large once converted.
    fn items<T>(
        &mut self,
        value: Option<&Value>,
        path: &str,
        mut read: impl FnMut(&mut Self, &Value, &str) -> Option<T>,
    ) -> Option<Vec<T>> {
        let Some(items) = value.and_then(Value::as_array) else {
            self.error("legacy-structure", path, "Expected an array.");
            return None;
        };
        let mut read_items = Some(Vec::new());
        for (position, item) in items.iter().enumerate() {
            match (read(self, item, &index(path, position)), &mut read_items) {
                (Some(converted), Some(kept)) => kept.push(converted),
                (Some(_), None) => {}
                (None, _) => read_items = None,
            }
        }
        read_items
    }

    /// Reads every item of an array of objects with `read`.
    fn records<T>(
        &mut self,
        value: Option<&Value>,
        path: &str,
        mut read: impl FnMut(&mut Self, &Map<String, Value>, &str) -> Option<T>,
    ) -> Option<Vec<T>> {
        self.items(value, path, |reader, item, item_path| {
            let map = reader.object(Some(item), item_path)?;
            read(reader, map, item_path)
        })
    }

    fn integer(&mut self, map: &Map<String, Value>, path: &str, key: &str, positive: bool) -> Option<u64> {
        let integer = map.get(key).and_then(safe_integer).filter(|&n| !positive || n >= 1);
        if integer.is_none() {
            let message =
                if positive { "Expected a positive safe integer." } else { "Expected a non-negative safe integer." };
            self.error("legacy-number", || field(path, key), message);
        }
        integer
    }

    /// An optional integer: `Some(None)` when absent.
    fn optional_integer(&mut self, map: &Map<String, Value>, path: &str, key: &str) -> Option<Option<u64>> {
        if map.contains_key(key) { self.integer(map, path, key, false).map(Some) } else { Some(None) }
    }

    fn duration(&mut self, map: &Map<String, Value>, path: &str, key: &str) -> Option<f64> {
        let number = map.get(key).and_then(Value::as_f64).filter(|&n| n >= 0.0);
        if number.is_none() {
            self.error("legacy-number", || field(path, key), "Expected a finite non-negative number.");
        }
        number
    }

    fn non_empty(&mut self, map: &Map<String, Value>, path: &str, key: &str) -> Option<String> {
        let text = map.get(key).and_then(Value::as_str).filter(|t| !t.is_empty());
        if text.is_none() {
            self.error("legacy-string", || field(path, key), "Expected a non-empty string.");
        }
        text.map(str::to_owned)
    }

    /// An optional string: `Some(None)` when absent.
    fn optional_string(&mut self, map: &Map<String, Value>, path: &str, key: &str) -> Option<Option<String>> {
        match map.get(key) {
            None => Some(None),
            Some(Value::String(text)) => Some(Some(text.clone())),
            Some(_) => {
                self.error("legacy-string", || field(path, key), "Expected a string.");
                None
            }
        }
    }

    fn boolean(&mut self, map: &Map<String, Value>, path: &str, key: &str) -> Option<bool> {
        let flag = map.get(key).and_then(Value::as_bool);
        if flag.is_none() {
            self.error("legacy-boolean", || field(path, key), "Expected a boolean.");
        }
        flag
    }

    fn one_of<T: WireEnum>(&mut self, map: &Map<String, Value>, path: &str, key: &str, tokens: &[&str]) -> Option<T> {
        let value = map.get(key).and_then(Value::as_str).filter(|token| tokens.contains(token)).and_then(T::parse);
        if value.is_none() {
            let message = || format!("Expected one of: {}.", tokens.join(", "));
            self.error("legacy-enum", || field(path, key), message);
        }
        value
    }

    fn wire<T: WireEnum>(&mut self, map: &Map<String, Value>, path: &str, key: &str) -> Option<T> {
        self.one_of(map, path, key, T::TOKENS)
    }

    fn document(&mut self, value: &Value) -> Option<FrameGraphSnapshotV1> {
        let document = self.object(Some(value), "")?;
        let compilation = self
            .object(document.get("compilation"), "/compilation")
            .and_then(|compilation| self.compilation(compilation));
        let gpu = self.object(document.get("gpuTiming"), "/gpuTiming").and_then(|gpu| self.gpu_timing(gpu));
        let pool = self.object(document.get("resourcePool"), "/resourcePool").and_then(|pool| self.pool(pool));
        let (compilation, (frame_index, gpu), pool) = (compilation?, gpu?, pool?);
        let graph = compilation.graph;
        let mut facts = Vec::new();
        if !compilation.groups_known {
            facts.push(SnapshotUnavailableFact::Groups);
        }
        facts.push(SnapshotUnavailableFact::TextureViews);
        facts.push(SnapshotUnavailableFact::NodesRecordingOrder);
        if graph.accesses.iter().any(lacks_region) {
            facts.push(SnapshotUnavailableFact::AccessesRegions);
        }
        if graph.roots.iter().any(|root| root.resource().is_some()) {
            facts.push(SnapshotUnavailableFact::RootsRange);
            facts.push(SnapshotUnavailableFact::RootsResolution);
        }
        let mut capture = SnapshotCapture::new(frame_index);
        capture.migration = Some(SnapshotMigration {
            source_format: SnapshotMigrationSourceFormat::LegacyV0,
            unavailable_facts: facts,
        });
        let memory = SnapshotMemory {
            allocation_report: SnapshotAllocationReport::Available { allocations: compilation.allocations },
            pool_report: pool,
        };
        let timings = SnapshotTimings { cpu: SnapshotCpuTimings::unavailable("not-collected"), gpu };
        Some(FrameGraphSnapshotV1::new(SnapshotProducer::new("legacy-unversioned"), capture, graph, memory, timings))
    }

    fn compilation(&mut self, map: &Map<String, Value>) -> Option<Compilation> {
        let path = "/compilation";
        let groups_known = map.contains_key("debugGroups");
        let groups = if groups_known {
            self.records(map.get("debugGroups"), &field(path, "debugGroups"), Self::group)
        } else {
            Some(Vec::new())
        };
        let retained = self.records(map.get("nodes"), &field(path, "nodes"), |r, m, p| r.node(m, p, true));
        let culled = self.records(map.get("culledNodes"), &field(path, "culledNodes"), |r, m, p| r.node(m, p, false));
        let resources = self.records(map.get("resources"), &field(path, "resources"), Self::resource);
        let accesses = self.records(map.get("accesses"), &field(path, "accesses"), Self::access);
        let dependencies = self.records(map.get("dependencies"), &field(path, "dependencies"), Self::dependency);
        let roots = self.records(map.get("roots"), &field(path, "roots"), Self::root);
        let allocations = self.records(map.get("allocations"), &field(path, "allocations"), Self::allocation);
        let segments = self.records(map.get("executionSegments"), &field(path, "executionSegments"), Self::segment);
        let mut nodes = retained?;
        for (position, node) in nodes.iter_mut().enumerate() {
            node.compile_state = SnapshotNodeCompileState::Retained { execution_order: position as u64 };
        }
        nodes.extend(culled?);
        Some(Compilation {
            graph: SnapshotGraph {
                groups: groups?,
                nodes,
                resources: resources?,
                texture_views: Vec::new(),
                accesses: accesses?,
                dependencies: dependencies?,
                roots: roots?,
                segments: segments?,
            },
            allocations: allocations?,
            groups_known,
        })
    }

    fn group(&mut self, map: &Map<String, Value>, path: &str) -> Option<SnapshotGroup> {
        let id = self.integer(map, path, "id", false);
        let label = self.non_empty(map, path, "label");
        let parent = self.optional_integer(map, path, "parentId");
        Some(SnapshotGroup {
            id: format!("group:{}", id?),
            parent_id: parent?.map(|parent| format!("group:{parent}")),
            label: label?,
            stable_key: None,
        })
    }

    /// A retained or culled node; retained nodes get their execution order from the caller.
    fn node(&mut self, map: &Map<String, Value>, path: &str, retained: bool) -> Option<SnapshotNode> {
        let id = self.integer(map, path, "id", false);
        let kind = self.wire::<SnapshotNodeKind>(map, path, "kind");
        let label = self.optional_string(map, path, "label");
        let side_effect = self.boolean(map, path, "sideEffect");
        let group = self.optional_integer(map, path, "debugGroupId");
        let compile_state = if retained {
            Some(SnapshotNodeCompileState::Retained { execution_order: 0 })
        } else if map.contains_key("reason") {
            self.non_empty(map, path, "reason").map(|reason| SnapshotNodeCompileState::Culled { reason })
        } else {
            Some(SnapshotNodeCompileState::Culled { reason: "not-reachable-from-root".to_owned() })
        };
        let mut node = SnapshotNode::new(format!("node:{}", id?), kind?, side_effect?, compile_state?);
        node.label = label?;
        node.group_id = group?.map(|group| format!("group:{group}"));
        Some(node)
    }

    fn resource(&mut self, map: &Map<String, Value>, path: &str) -> Option<SnapshotResource> {
        let id = self.integer(map, path, "id", false);
        let kind = self.wire::<SnapshotResourceKind>(map, path, "kind");
        let label = self.optional_string(map, path, "label");
        let origin = self.one_of::<LegacyOrigin>(map, path, "origin", LegacyOrigin::TOKENS);
        let usage = self.integer(map, path, "usage", false);
        let usage_flags = match (kind, usage) {
            (Some(kind), Some(bits)) => self.usage_flags(kind, bits, &field(path, "usage")),
            _ => None,
        };
        let allocation = self.optional_integer(map, path, "physicalAllocationId");
        let group = self.optional_integer(map, path, "debugGroupId");
        let estimated = self.optional_integer(map, path, "estimatedByteSize");
        let lifetime = match map.get("lifetime") {
            None => Some(None),
            Some(lifetime) => {
                let lifetime_path = field(path, "lifetime");
                self.object(Some(lifetime), &lifetime_path).and_then(|lifetime| {
                    let first = self.integer(lifetime, &lifetime_path, "firstUse", false);
                    let last = self.integer(lifetime, &lifetime_path, "lastUse", false);
                    Some(Some(SnapshotLifetime { first_use: first?, last_use: last? }))
                })
            }
        };
        let descriptor = match (map.get("descriptor"), kind) {
            (None, _) => Some(None),
            (Some(descriptor), Some(kind)) => self.descriptor(descriptor, &field(path, "descriptor"), kind).map(Some),
            (Some(_), None) => None,
        };
        let origin = origin?.origin();
        let mut resource = SnapshotResource::new(format!("resource:{}", id?), kind?, origin);
        resource.label = label?;
        resource.initial_contents = match origin {
            SnapshotResourceOrigin::Imported => None,
            SnapshotResourceOrigin::Transient | SnapshotResourceOrigin::Surface => {
                Some(SnapshotInitialContents::Undefined)
            }
        };
        resource.allocation_id = allocation?.map(|allocation| format!("allocation:{allocation}"));
        resource.group_id = group?.map(|group| format!("group:{group}"));
        resource.estimated_byte_size = estimated?;
        resource.lifetime = lifetime?;
        resource.descriptor = descriptor?;
        resource.usage_flags = usage_flags?;
        Some(resource)
    }

    /// WebGPU usage bits as flags, in bit order; bit `n` is the `n`-th flag of the kind.
    fn usage_flags(&mut self, kind: SnapshotResourceKind, bits: u64, path: &str) -> Option<Vec<SnapshotUsageFlag>> {
        let flags = SnapshotUsageFlag::for_kind(kind);
        let known = (1_u64 << flags.len()) - 1;
        let unknown = bits & !known;
        if unknown != 0 {
            self.error("legacy-unknown-usage", path, || {
                format!("Legacy {kind} usage contains unknown bits {unknown:#x}.")
            });
            return None;
        }
        Some(flags.iter().enumerate().filter(|(bit, _)| bits & (1 << bit) != 0).map(|(_, &flag)| flag).collect())
    }

    fn descriptor(
        &mut self,
        value: &Value,
        path: &str,
        kind: SnapshotResourceKind,
    ) -> Option<SnapshotResourceDescriptor> {
        let map = self.object(Some(value), path)?;
        match kind {
            SnapshotResourceKind::Buffer => {
                let size = self.integer(map, path, "size", false)?;
                Some(SnapshotResourceDescriptor::Buffer { size })
            }
            SnapshotResourceKind::Texture => {
                let format = self.non_empty(map, path, "format");
                let size_path = field(path, "size");
                let size = self.object(map.get("size"), &size_path).and_then(|size| {
                    let width = self.integer(size, &size_path, "width", true);
                    let height = self.integer(size, &size_path, "height", true);
                    let depth = self.integer(size, &size_path, "depthOrArrayLayers", true);
                    Some(SnapshotTextureSize { width: width?, height: height?, depth_or_array_layers: depth? })
                });
                let dimension = self.non_empty(map, path, "dimension");
                let mip_level_count = self.integer(map, path, "mipLevelCount", true);
                let sample_count = self.integer(map, path, "sampleCount", true);
                let view_formats =
                    self.items(map.get("viewFormats"), &field(path, "viewFormats"), |r, item, item_path| {
                        let text = item.as_str().filter(|t| !t.is_empty());
                        if text.is_none() {
                            r.error("legacy-string", item_path, "Expected a non-empty string.");
                        }
                        text.map(str::to_owned)
                    });
                Some(SnapshotResourceDescriptor::Texture {
                    format: format?,
                    size: size?,
                    dimension: dimension?,
                    mip_level_count: mip_level_count?,
                    sample_count: sample_count?,
                    view_formats: view_formats?,
                })
            }
        }
    }

    fn access(&mut self, map: &Map<String, Value>, path: &str) -> Option<SnapshotAccess> {
        let id = self.integer(map, path, "id", false);
        let node = self.integer(map, path, "nodeId", false);
        let resource = self.integer(map, path, "resourceId", false);
        let kind = self.wire::<SnapshotAccessKind>(map, path, "access");
        let mode_tokens: &[&str] = match kind {
            Some(kind) => &[kind.required_mode().as_str()],
            None => SnapshotAccessMode::TOKENS,
        };
        let mode = self.one_of::<SnapshotAccessMode>(map, path, "mode", mode_tokens);
        let produces_value = self.boolean(map, path, "producesValue");
        let contents = match mode {
            Some(SnapshotAccessMode::Read) => {
                if map.contains_key("contents") {
                    self.error(
                        "legacy-access-contents",
                        || field(path, "contents"),
                        "Legacy read access cannot declare contents.",
                    );
                    None
                } else {
                    Some(None)
                }
            }
            Some(SnapshotAccessMode::Write) => {
                if map.contains_key("contents") {
                    self.wire::<SnapshotWriteContents>(map, path, "contents").map(Some)
                } else {
                    self.error(
                        "legacy-access-contents",
                        || field(path, "contents"),
                        "Legacy write access must declare contents.",
                    );
                    None
                }
            }
            None => None,
        };
        let read_produces_value = mode == Some(SnapshotAccessMode::Read) && produces_value == Some(true);
        if read_produces_value {
            self.error(
                "legacy-access-value",
                || field(path, "producesValue"),
                "Legacy read access must set producesValue to false.",
            );
        }
        let region = match map.get("textureRegion") {
            None => Some(None),
            Some(region) => self.texture_region(region, &field(path, "textureRegion")).map(Some),
        };
        let range = match map.get("bufferRange") {
            None => Some(None),
            Some(range) => {
                let range_path = field(path, "bufferRange");
                self.object(Some(range), &range_path).and_then(|range| {
                    let offset = self.integer(range, &range_path, "offset", false);
                    let size = self.optional_integer(range, &range_path, "size");
                    Some(Some(SnapshotBufferRange::new(offset?, size?)))
                })
            }
        };
        if read_produces_value {
            return None;
        }
        let mut access = SnapshotAccess::read(
            format!("access:{}", id?),
            format!("node:{}", node?),
            format!("resource:{}", resource?),
            kind?,
        );
        access.mode = mode?;
        access.contents = contents?;
        access.produces_value = produces_value?;
        access.texture_region = region?;
        access.buffer_range = range?;
        Some(access)
    }

    fn texture_region(&mut self, value: &Value, path: &str) -> Option<SnapshotTextureRegion> {
        let map = self.object(Some(value), path)?;
        let base_mip = self.integer(map, path, "baseMipLevel", false);
        let mip_count = self.integer(map, path, "mipLevelCount", true);
        let aspect = self.non_empty(map, path, "aspect");
        let interval = |reader: &mut Self, base: &str, count: &str| {
            let present = (map.contains_key(base), map.contains_key(count));
            let base = map.contains_key(base).then(|| reader.integer(map, path, base, false));
            let count = map.contains_key(count).then(|| reader.integer(map, path, count, true));
            (present, base.zip(count))
        };
        let (layers_present, layers) = interval(self, "baseArrayLayer", "arrayLayerCount");
        let (slices_present, slices) = interval(self, "baseDepthSlice", "depthSliceCount");
        let shape = match (layers_present, slices_present) {
            ((true, true), (false, false)) => Some(true),
            ((false, false), (true, true)) => Some(false),
            _ => None,
        };
        let Some(uses_layers) = shape else {
            self.error(
                "legacy-texture-region",
                path,
                "Legacy texture region must contain exactly one complete array-layer or depth-slice interval.",
            );
            return None;
        };
        let (base_mip, mip_count, aspect) = (base_mip?, mip_count?, aspect?);
        if uses_layers {
            let (base, count) = layers?;
            Some(SnapshotTextureRegion::array_layers(base_mip, mip_count, base?, count?, aspect))
        } else {
            let (base, count) = slices?;
            Some(SnapshotTextureRegion::depth_slices(base_mip, mip_count, base?, count?, aspect))
        }
    }

    fn dependency(&mut self, map: &Map<String, Value>, path: &str) -> Option<SnapshotDependency> {
        let from = self.integer(map, path, "fromNodeId", false);
        let to = self.integer(map, path, "toNodeId", false);
        let resource = self.integer(map, path, "resourceId", false);
        let kind = self.wire::<SnapshotDependencyKind>(map, path, "kind");
        Some(SnapshotDependency::new(
            format!("node:{}", from?),
            format!("node:{}", to?),
            format!("resource:{}", resource?),
            kind?,
        ))
    }

    fn root(&mut self, map: &Map<String, Value>, path: &str) -> Option<SnapshotRoot> {
        let reason = self.wire::<SnapshotRootReason>(map, path, "reason");
        let node = self.optional_integer(map, path, "nodeId");
        let resource = self.optional_integer(map, path, "resourceId");
        let (reason, node, resource) = (reason?, node?, resource?);
        let side_effect = reason == SnapshotRootReason::SideEffect;
        match (node, resource) {
            (Some(node), None) if side_effect => Some(SnapshotRoot::side_effect(format!("node:{node}"))),
            (None, Some(resource)) if !side_effect => Some(SnapshotRoot::Resource(SnapshotResourceRoot {
                reason,
                resource_id: format!("resource:{resource}"),
                range: None,
                resolution: None,
            })),
            (Some(_), None) | (None, Some(_)) => {
                let message = if side_effect {
                    "Legacy side-effect root must reference a node."
                } else {
                    "Legacy resource root must reference a resource."
                };
                self.error("legacy-root", path, message);
                None
            }
            _ => {
                self.error("legacy-root", path, "Legacy root must reference exactly one node or resource.");
                None
            }
        }
    }

    fn allocation(&mut self, map: &Map<String, Value>, path: &str) -> Option<SnapshotAllocation> {
        let id = self.integer(map, path, "id", false);
        let kind = self.wire::<SnapshotResourceKind>(map, path, "kind");
        let class = self.integer(map, path, "compatibilityClassId", false);
        let estimated = self.optional_integer(map, path, "estimatedByteSize");
        Some(SnapshotAllocation {
            id: format!("allocation:{}", id?),
            kind: kind?,
            compatibility_class_id: format!("compatibility:{}", class?),
            estimated_byte_size: estimated?,
        })
    }

    fn segment(&mut self, map: &Map<String, Value>, path: &str) -> Option<SnapshotSegment> {
        let position = self.integer(map, path, "index", false);
        let kind = self.wire::<SnapshotSegmentKind>(map, path, "kind");
        let nodes = self.items(map.get("nodeIds"), &field(path, "nodeIds"), |r, item, item_path| {
            let id = safe_integer(item);
            if id.is_none() {
                r.error("legacy-number", item_path, "Expected a non-negative safe integer.");
            }
            id.map(|id| format!("node:{id}"))
        });
        let position = position?;
        Some(SnapshotSegment::new(format!("segment:{position}"), position, kind?, nodes?))
    }

    /// The captured frame index and the GPU timing.
    fn gpu_timing(&mut self, map: &Map<String, Value>) -> Option<(u64, SnapshotGpuTimings)> {
        let path = "/gpuTiming";
        let frame_index = self.integer(map, path, "frameIndex", false);
        let status = self.one_of::<LegacyStatus>(map, path, "status", LegacyStatus::TOKENS);
        let timings = match status? {
            LegacyStatus::Available => {
                let span = self.duration(map, path, "frameDurationMicros");
                let nodes = self.records(map.get("nodes"), &field(path, "nodes"), |r, node, node_path| {
                    let id = r.integer(node, node_path, "nodeId", false);
                    let duration = r.duration(node, node_path, "durationMicros");
                    Some(SnapshotGpuNodeTiming { node_id: format!("node:{}", id?), duration_micros: duration? })
                });
                SnapshotGpuTimings::Available { frame_span_micros: span?, nodes: nodes? }
            }
            LegacyStatus::Unavailable => {
                SnapshotGpuTimings::Unavailable { reason: self.non_empty(map, path, "reason")? }
            }
        };
        Some((frame_index?, timings))
    }

    fn pool(&mut self, map: &Map<String, Value>) -> Option<SnapshotPoolReport> {
        let path = "/resourcePool";
        let acquire = self.integer(map, path, "acquireCount", false);
        let reuse = self.integer(map, path, "reuseCount", false);
        let created = self.integer(map, path, "createdCount", false);
        let retained = self.integer(map, path, "retainedCount", false);
        let bytes = self.optional_integer(map, path, "estimatedRetainedBytes");
        Some(SnapshotPoolReport::Available {
            acquire_count: acquire?,
            reuse_count: reuse?,
            created_count: created?,
            retained_count: retained?,
            estimated_retained_bytes: bytes?,
        })
    }
}

/// Whether an access lacks the region or range its kind calls for.
fn lacks_region(access: &SnapshotAccess) -> bool {
    match access.access.resource_kind() {
        SnapshotResourceKind::Texture => access.texture_region.is_none(),
        SnapshotResourceKind::Buffer => access.buffer_range.is_none(),
    }
}

/// Resource origins of Legacy V0, where surfaces were called swapchains.
#[derive(Debug, Clone, Copy)]
enum LegacyOrigin {
    Transient,
    Imported,
    Swapchain,
}

impl WireEnum for LegacyOrigin {
    const TOKENS: &'static [&'static str] = &["transient", "imported", "swapchain"];

    fn parse(token: &str) -> Option<Self> {
        match token {
            "transient" => Some(Self::Transient),
            "imported" => Some(Self::Imported),
            "swapchain" => Some(Self::Swapchain),
            _ => None,
        }
    }
}

impl LegacyOrigin {
    fn origin(self) -> SnapshotResourceOrigin {
        match self {
            Self::Transient => SnapshotResourceOrigin::Transient,
            Self::Imported => SnapshotResourceOrigin::Imported,
            Self::Swapchain => SnapshotResourceOrigin::Surface,
        }
    }
}

/// GPU timing status of Legacy V0.
#[derive(Debug, Clone, Copy)]
enum LegacyStatus {
    Available,
    Unavailable,
}

impl WireEnum for LegacyStatus {
    const TOKENS: &'static [&'static str] = &["available", "unavailable"];

    fn parse(token: &str) -> Option<Self> {
        match token {
            "available" => Some(Self::Available),
            "unavailable" => Some(Self::Unavailable),
            _ => None,
        }
    }
}
