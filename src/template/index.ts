// Templates: the one renderer of every text a bot writes with placeholders and optional sections.
export { fillOrOmit, fillTemplate, hasValue, renderTemplate, type RenderTemplateOptions, type TemplateVars } from './render.ts';
