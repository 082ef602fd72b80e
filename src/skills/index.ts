// Built-in skills: a request for a person, out of scope, small talk — for every bot, in pt, es, vi and en.
export { SKILL_CLASSES, skillLines, gibberish, roleRequests } from './data.ts';
export { createSkillDetector, type SkillDetector, type SkillDetectorOptions, type SkillReading } from './detector.ts';
export { decideSkill, SMALL_TALK, type SkillKind } from './decide.ts';
export { SKILL_THRESHOLDS } from './thresholds.ts';
export { withSkills } from './understander.ts';
export { edgeProbes, type EdgeProbe } from './edge-probes.ts';
export { EDGE_ACCEPTED_FILE, edgeAcceptedSchema, type EdgeAccepted } from './config.ts';
export { skillReply, isRioplatense } from './replies.ts';
