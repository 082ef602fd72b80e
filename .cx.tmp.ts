// Cyclomatic complexity (ESLint's counting: if, ?:, &&, ||, ??, case, loops, catch, default params) per function.
import ts from 'typescript';
import { readFileSync } from 'node:fs';
const files = process.argv.slice(2);
const out: [number, string][] = [];
for (const f of files) {
  const src = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
  const visitFn = (fn: ts.Node, name: string) => {
    let c = 1;
    const walk = (n: ts.Node) => {
      if (n !== fn && (ts.isFunctionLike(n))) { visitFn(n, nameOf(n)); return; }
      switch (n.kind) {
        case ts.SyntaxKind.IfStatement: case ts.SyntaxKind.ConditionalExpression: case ts.SyntaxKind.ForStatement: case ts.SyntaxKind.ForInStatement:
        case ts.SyntaxKind.ForOfStatement: case ts.SyntaxKind.WhileStatement: case ts.SyntaxKind.DoStatement: case ts.SyntaxKind.CatchClause: case ts.SyntaxKind.CaseClause:
          c++; break;
        case ts.SyntaxKind.BinaryExpression: {
          const k = (n as ts.BinaryExpression).operatorToken.kind;
          if ([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandEqualsToken, ts.SyntaxKind.BarBarEqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken].includes(k)) c++;
          break;
        }
        case ts.SyntaxKind.Parameter: if ((n as ts.ParameterDeclaration).initializer) c++; break;
      }
      ts.forEachChild(n, walk);
    };
    ts.forEachChild(fn, walk);
    const line = src.getLineAndCharacterOfPosition(fn.getStart()).line + 1;
    out.push([c, `${f}:${line} ${name}`]);
  };
  const nameOf = (n: ts.Node): string => {
    const anyN = n as any;
    if (anyN.name?.getText) return anyN.name.getText();
    const p = n.parent as any;
    if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p))) return p.name.getText();
    return '<anonymous>';
  };
  const top = (n: ts.Node) => { if (ts.isFunctionLike(n)) visitFn(n, nameOf(n)); else ts.forEachChild(n, top); };
  top(src);
}
out.sort((a, b) => b[0] - a[0]);
const limit = Number(process.env.TOP ?? 25);
for (const [c, w] of out.slice(0, limit)) console.log(c, w);
