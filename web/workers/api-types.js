// JSDoc types of the wasm bridge's request and response: the JSON that
// globalThis.applylens.apply(requestJSON) takes and returns. They mirror
// the Go structs of engine/api (types.go) and engine (Step, Row, Warning);
// engine/api's tests fail when a JSON field of those structs is missing
// here. Nothing here runs: import the types with
//   /** @typedef {import('./api-types.js').Response} Response */

/**
 * What the page sends.
 * @typedef {object} Request
 * @property {'apply' | 'version' | 'warmup' | 'where' | 'timeline'} [op] "apply" when absent; "warmup" runs the last
 *   apply again without changing what later requests see (the worker calls it while idle);
 *   "where" locates step `step` of result `base` in every text (the page asks when a step is
 *   selected).
 * @property {string} lastApplied The last-applied pane, YAML or JSON ("" = none).
 * @property {string} file The configuration file pane.
 * @property {string} live The live object pane ("" = the object does not exist yet: create).
 * @property {boolean} lastAppliedFromLive Ignore lastApplied and read the live
 *   object's kubectl.kubernetes.io/last-applied-configuration annotation, as kubectl does.
 * @property {boolean} [overwrite] kubectl's --overwrite; true when absent.
 * @property {string} [namespace] kubectl's -n; absent or '' when not given (the context's namespace):
 *   a namespaced object naming another namespace is then kubectl's error, a cluster-scoped one ignores it.
 * @property {boolean} [clusterScoped] The file's kind, when it is a custom one, is cluster-scoped (its
 *   CustomResourceDefinition's scope: Cluster): the object gets no namespace. Absent: namespaced.
 * @property {number} [base] The seq of the last result the page holds: when it is
 *   the engine's last result too, the answer is a delta from it. For op "where", the result
 *   whose step to locate: it must be the engine's last result.
 * @property {number} [step] For op "where": the index of the step in result.steps.
 */

/**
 * What the page gets back. Exactly one of result, delta and error is set
 * for op "apply", one of where and error for op "where", none for op
 * "version".
 * @typedef {object} Response
 * @property {string} version The build of applylens.
 * @property {number} [seq] Numbers the result (whole or as a delta), for the next request's base.
 * @property {Result} [result]
 * @property {Delta} [delta] The result as changes from the one numbered delta.base.
 * @property {ApiError} [error]
 * @property {Where} [where] The answer to op "where".
 * @property {Timeline} [timeline] The answer to op "timeline" (the Timeline mode's wasm only).
 */

/**
 * Op "serverside": kubectl apply --server-side on the panes, or it and the
 * client-side apply side by side (engine/api ServerSideRequest).
 * @typedef {object} ServerSideRequest
 * @property {'serverside'} op
 * @property {string} lastApplied
 * @property {string} file
 * @property {string} live
 * @property {boolean} lastAppliedFromLive
 * @property {boolean} [overwrite] The client-side apply's --overwrite (apply "both").
 * @property {string} [namespace] kubectl's -n, as in Request.
 * @property {boolean} [clusterScoped] A custom kind's scope is Cluster, as in Request.
 * @property {string} [customResourceDefinitions] The CRDs the server knows (YAML documents or one JSON object): a custom resource is merged by its CRD's schema.
 * @property {'server' | 'both'} apply
 * @property {string} [fieldManager] --field-manager ("" = kubectl).
 * @property {boolean} [forceConflicts] --force-conflicts.
 */

/**
 * What the server-side wasm (wasm/serverside, which answers op "serverside"
 * only) gives back: exactly one of serverSide and error.
 * @typedef {object} ServerSideResponse
 * @property {string} version
 * @property {ServerSide} [serverSide]
 * @property {ApiError} [error]
 */

/**
 * The answer to op "serverside".
 * @typedef {object} ServerSide
 * @property {Result} server The server-side apply, rendered like op "apply"'s result (steps of rule "server-side-apply").
 * @property {OwnedField[]} owners The owned fields of server.objectYAML, with their lines.
 * @property {ConflictField[]} conflicts For action "conflict": each other manager's field, located in the panes.
 * @property {(Where|null)[]} stepsWhere Where each of server.steps is.
 * @property {Result} [client] The client-side apply (apply "both").
 * @property {ApiError} [clientError] Why the client-side apply fails (apply "both").
 * @property {Difference[]} [differences] Where the two results differ (apply "both").
 */

/**
 * @typedef {object} OwnedField
 * @property {string} field As the API server names it, e.g. .spec.replicas.
 * @property {number} line 1-based, in server.objectYAML.
 * @property {number} endLine
 * @property {ManagerRef[]} owners
 */

/**
 * @typedef {object} ManagerRef
 * @property {string} manager
 * @property {'Apply' | 'Update'} operation
 */

/**
 * @typedef {object} ConflictField
 * @property {string} manager The other field manager.
 * @property {'Apply' | 'Update'} operation
 * @property {string} field As the API server's error names it.
 * @property {Where} where Its lines in the panes.
 */

/**
 * One place where the client-side and server-side results differ.
 * @typedef {object} Difference
 * @property {string} path In the steps' syntax, list elements by index.
 * @property {any} [client] The value in the client-side result (absent: not there).
 * @property {any} [server] The value in the server-side result.
 * @property {number} [clientLine] Its line in client.objectYAML.
 * @property {number} [serverLine] Its line in server.objectYAML.
 * @property {string} clientWhy The client-side decision.
 * @property {string} serverWhy The server-side decision.
 * @property {any[]} [onlyClient] Where both values are lists: the elements only the client-side one has, whole.
 * @property {any[]} [onlyServer] The elements only the server-side one has.
 * @property {boolean} [bookkeeping] Only kubectl's last-applied annotation differs (listed last).
 */

/**
 * Op "timeline": the commands played in order on a simulated cluster
 * (engine/api TimelineRequest; see docs/timeline.md).
 * @typedef {object} TimelineRequest
 * @property {'timeline'} op
 * @property {string} namespace The default namespace of the commands.
 * @property {{command: string, files?: Record<string, string>}[]} commands
 * @property {{step: number}} [select] The step whose detail to send.
 * @property {boolean} [warmUp] Run the step shown last again, changing nothing (the worker, while idle).
 */

/**
 * The answer to op "timeline".
 * @typedef {object} Timeline
 * @property {TimelineStep[]} steps One per command.
 * @property {number} selected The step detail describes; -1 without one.
 * @property {TimelineDetail} [detail]
 */

/**
 * What one command printed and changed.
 * @typedef {object} TimelineStep
 * @property {string} command
 * @property {string} stdout
 * @property {string} stderr
 * @property {number} exitCode
 * @property {string} [error] Set when the command is not simulated: nothing ran.
 * @property {string[]} warnings
 * @property {TimelineChange[]} changes
 */

/**
 * An object a command created, changed or deleted.
 * @typedef {object} TimelineChange
 * @property {string} ref As kubectl names it, e.g. deployment.apps/nginx.
 * @property {string} [namespace]
 * @property {string} action
 * @property {string[]} defaulted The paths of the fields the server set.
 */

/**
 * The selected step: the objects before and after it, and its applies.
 * @typedef {object} TimelineDetail
 * @property {TimelineObject[]} objects
 * @property {TimelineApply[]} applies
 * @property {TimelineKustomize} [kustomize] The kustomize build the step ran (kubectl kustomize, -k).
 */

/**
 * A step's kustomize build: what each kustomization did, in kustomize's order.
 * @typedef {object} TimelineKustomize
 * @property {string} dir The directory as the command names it.
 * @property {string[]} warnings kustomize's own (printed on stderr).
 * @property {TimelineKustomizeStep[]} steps
 */

/**
 * One change a kustomization made to one object.
 * @typedef {object} TimelineKustomizeStep
 * @property {string} kustomization The file that asked for it ("" for kustomize's own passes).
 * @property {string} transformer The kustomization's field, or the pass (hash suffix, nameReference).
 * @property {string} object The object as it was named before the change.
 * @property {string} field The path changed ("" for the whole object).
 * @property {string} old
 * @property {string} new
 * @property {string} rule Why, in kustomize's terms.
 */

/**
 * An object of the cluster before or after the step.
 * @typedef {object} TimelineObject
 * @property {string} ref
 * @property {string} [namespace]
 * @property {string} action The step's change to it ("" when none).
 * @property {string[]} defaulted
 * @property {string} beforeYAML "" when it did not exist before the step.
 * @property {string} afterYAML "" when it does not exist after it.
 */

/**
 * One object kubectl apply applied in the step, rendered as op "apply"
 * renders a result, with the panes that reproduce it.
 * @typedef {object} TimelineApply
 * @property {string} ref
 * @property {string} [namespace]
 * @property {Result} result
 * @property {string} file The configuration applied (its last-applied configuration, as YAML).
 * @property {string} live The object before the apply ("" on create).
 */

/**
 * A Result given as its changes from an earlier one (see web/workers/result-delta.js).
 * @typedef {object} Delta
 * @property {number} base The seq of the result it changes.
 * @property {Result['action']} action
 * @property {Result['patchType']} patchType
 * @property {string} patchTypeWhy
 * @property {Result['lastAppliedSource']} lastAppliedSource
 * @property {Elsewhere} [elsewhere] The result's, whole (absent when it has none).
 * @property {TextEdit[]} texts The string fields of Result that changed.
 * @property {ListEdit[]} lists The list fields of Result (steps, warnings, directives) that changed.
 */

/**
 * Replaces del characters (UTF-16 code units) at at of a string field with ins.
 * @typedef {object} TextEdit
 * @property {string} field
 * @property {number} at
 * @property {number} del
 * @property {string} ins
 */

/**
 * Replaces del elements at at of a list field with ins.
 * @typedef {object} ListEdit
 * @property {'steps' | 'warnings' | 'directives'} field
 * @property {number} at
 * @property {number} del
 * @property {Array<Step|Warning|Directive>} ins
 */

/**
 * An error. kind "input": the user's text (pane, line and column point at
 * it; 0 or absent when unknown); "apply": kubectl itself would fail with
 * this message; "internal": a bug in applylens, or a malformed request.
 * @typedef {object} ApiError
 * @property {'input' | 'apply' | 'internal'} kind
 * @property {'lastApplied' | 'file' | 'live'} [pane]
 * @property {number} [line] 1-based.
 * @property {number} [column] 1-based, in characters.
 * @property {string} [path] Field path, like spec.template.spec.containers[name=nginx].image.
 * @property {string} message A sentence for the learner.
 * @property {string} [explanation] An apply error's meaning in plain words when kubectl's own text (message) does not say it (a Go value dump): the headline, message folded below.
 * @property {Field[]} [fields] The fields an apply error is about (the conflicting ones of --overwrite=false), located in the input panes.
 */

/**
 * A field path and its lines in the input panes.
 * @typedef {object} Field
 * @property {string} path
 * @property {Where} where
 */

/**
 * The computed apply, rendered for the page.
 * @typedef {object} Result
 * @property {'create' | 'configure' | 'unchanged' | 'conflict'} action What kubectl reports
 *   ("conflict": a server-side apply refused, ServerSide.server only).
 * @property {'strategic' | 'merge' | ''} patchType "" on create.
 * @property {string} patchTypeWhy Why kubectl chose this patch type (or sent none).
 * @property {string} patchJSON The patch, indented JSON ("" on create).
 * @property {string} patchYAML The patch as YAML ("" on create); Directive lines refer to it.
 * @property {string} objectYAML The object after the server applied the patch (or the created
 *   object), as `kubectl get -o yaml` prints it; Where.result refers to it.
 * @property {string} liveYAML The live object in the same format, for a diff ("" on create).
 * @property {string} lastApplied The new last-applied annotation, byte for byte.
 * @property {'input' | 'annotation' | 'none'} lastAppliedSource Where the previous
 *   last-applied configuration came from.
 * @property {string} derivedLastAppliedYAML The live object's annotation as YAML, to show in
 *   the last-applied pane when it is derived ("" when live has none); Where.lastApplied refers
 *   to it when lastAppliedSource is "annotation".
 * @property {string} kubectlPatch The equivalent `kubectl patch` command ("" unless action is "configure").
 * @property {Step[]} steps
 * @property {Warning[]} warnings
 * @property {Directive[]} directives
 * @property {Elsewhere} [elsewhere] Set when the file names another namespace or name than
 *   the live object's: kubectl applies to (creates) the file's object.
 */

/**
 * A file addressing another object than the live one, of the same kind: in
 * another namespace, by another name, or both (engine/identity.Elsewhere).
 * The pasted live object stays untouched.
 * @typedef {object} Elsewhere
 * @property {string} namespace The one kubectl applies the file in.
 * @property {string} liveNamespace The live object's (namespace when only the name differs).
 * @property {string} [name] The file's name, the object kubectl applies to.
 * @property {string} [liveName] The live object's (name when only the namespace differs).
 * @property {boolean} [fromFlag] namespace is -n's (the file names none).
 * @property {string} explanation One line in plain words naming both names or namespaces.
 * @property {string} kubectl The line kubectl prints, e.g. "deployment.apps/nginx created".
 */

/**
 * One decision of the apply (op "where" tells where its field is written).
 * @typedef {object} Step
 * @property {1 | 2 | 3 | 4 | 5} phase 1 fields to delete, 2 fields to set, 3 the annotation,
 *   4 the merged patch, 5 what the server does.
 * @property {string} path The field ("" = the whole object).
 * @property {string} rule The decision table: "primitive", "map", "list-replace",
 *   "list-merge-key", "list-primitive-merge", "retain-keys", "explicit-null",
 *   "json-merge-patch", "annotation", "create", "strategic-merge-patch".
 * @property {string} [mergeKey] The list's patchMergeKey (rule "list-merge-key").
 * @property {Row} row The table row that matched.
 * @property {string} action "set", "clear", "keep", "add element", "delete element" or "reorder".
 * @property {*} [old] The value before, as JSON; absent when there is none.
 * @property {*} [new] The value after, as JSON; absent when there is none.
 * @property {string} why A sentence for the learner.
 */

/**
 * Where a field is present, as the decision tables' columns.
 * @typedef {object} Row
 * @property {boolean} inFile
 * @property {boolean} inLive
 * @property {boolean} inLastApplied
 */

/**
 * The lines of a step's field in each text (the answer to op "where");
 * absent where the field is not.
 * @typedef {object} Where
 * @property {Span} [lastApplied] In the last-applied pane (or derivedLastAppliedYAML).
 * @property {Span} [file] In the file pane.
 * @property {Span} [live] In the live pane.
 * @property {Span} [result] In objectYAML.
 * @property {Span} [patch] In patchYAML.
 */

/**
 * Whole lines, 1-based, inclusive.
 * @typedef {object} Span
 * @property {number} line
 * @property {number} endLine
 */

/**
 * A trap the inputs walk into.
 * @typedef {object} Warning
 * @property {string} code Stable identifier, e.g. "duplicate-key", "not-built-in".
 * @property {string} [path] The field concerned.
 * @property {string} message
 */

/**
 * A strategic-patch directive found in the patch.
 * @typedef {object} Directive
 * @property {'$setElementOrder' | '$retainKeys' | '$patch' | '$deleteFromPrimitiveList'} name
 * @property {string} path The field it concerns (for list directives, the list).
 * @property {number} line First line of the directive's key in patchYAML (0 if not found).
 * @property {number} endLine Last line of its value.
 * @property {string} meaning One sentence: what the server does with it.
 */

export {};
