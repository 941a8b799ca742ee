import { blastRadiusTool } from './blast-radius';
import { callHierarchyTool } from './call-hierarchy';
import { codeActionsTool } from './code-actions';
import { collectionDocumentTool } from './collection-document';
import { collectionSearchTool } from './collection-search';
import { completionsTool } from './completions';
import { dependencyGraphTool } from './dependency-graph';
import { diagnosticsTool } from './diagnostics';
import { documentSymbolsTool } from './document-symbols';
import { findCalleesTool } from './find-callees';
import { findCallersTool } from './find-callers';
import { findReferencesTool } from './find-references';
import { formatDocumentTool } from './format-document';
import { goToDefinitionTool } from './go-to-definition';
import { goToImplementationTool } from './go-to-implementation';
import { goToTypeDefinitionTool } from './go-to-type-definition';
import { hoverTool } from './hover';
import { indexWorkspaceTool } from './index-workspace';
import { inlayHintsTool } from './inlay-hints';
import { listCollectionsTool } from './list-collections';
import { listRepositoriesTool } from './list-repositories';
import { outlineTool } from './outline';
import { readChunkTool } from './read-chunk';
import { readFileRangeTool } from './read-file-range';
import { readNodeTool } from './read-node';
import { relatedTool } from './related';
import { renameSymbolTool } from './rename-symbol';
import { repoSummaryTool } from './repo-summary';
import { repositoryReadmeTool } from './repository-readme';
import { retrieveTool } from './retrieve';
import { routeTool } from './route';
import { searchSymbolsTool } from './search-symbols';
import { serverLogsTool } from './server-logs';
import { signatureHelpTool } from './signature-help';
import { structuralSearchTool } from './structural-search';
import { wikiPageTool } from './wiki-page';
import type { ToolDefinition, ToolGroup } from './shared/tool';

/** Every tool, in the order clients list them. Adding a tool is one file and one line here. */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  indexWorkspaceTool,
  findCallersTool,
  findCalleesTool,
  blastRadiusTool,
  dependencyGraphTool,
  structuralSearchTool,
  repoSummaryTool,
  goToDefinitionTool,
  findReferencesTool,
  goToImplementationTool,
  goToTypeDefinitionTool,
  hoverTool,
  signatureHelpTool,
  completionsTool,
  inlayHintsTool,
  documentSymbolsTool,
  searchSymbolsTool,
  callHierarchyTool,
  diagnosticsTool,
  renameSymbolTool,
  formatDocumentTool,
  codeActionsTool,
  serverLogsTool,
  // retrieve: orientation, search over code and docs, reads (search_symbols, above, serves both groups' needs)
  listRepositoriesTool,
  listCollectionsTool,
  routeTool,
  outlineTool,
  repositoryReadmeTool,
  retrieveTool,
  collectionSearchTool,
  readNodeTool,
  readFileRangeTool,
  wikiPageTool,
  collectionDocumentTool,
  readChunkTool,
  relatedTool,
];

export function toolsForGroups(groups: readonly ToolGroup[]): ToolDefinition[] {
  return ALL_TOOLS.filter((t) => groups.includes(t.group));
}
