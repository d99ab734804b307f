// Mutants Stryker should not place or count, each with the reason the report shows.
const isStyledTag = (tag) =>
  (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'styled') ||
  (tag.type === 'CallExpression' && tag.callee.type === 'Identifier' && tag.callee.name === 'styled');

// src/consent/markRecordedConsent.ts: the functions the head script inlines by their source text.
const HEAD_SCRIPT_FUNCTIONS = ['markRecordedConsent', 'markGlobalPrivacyControl'];

export const strykerPlugins = [
  {
    // The head script runs from its own source text (markRecordedConsent.toString()), inlined in
    // the document: instrumented, that text calls Stryker's module-scoped helpers and cannot run.
    // tests/unit/consent.choices.test.tsx runs the real text against parseConsent's table.
    kind: 'Ignore',
    name: 'head-script',
    value: {
      shouldIgnore(path) {
        if (path.isFunctionDeclaration() && HEAD_SCRIPT_FUNCTIONS.includes(path.node.id?.name)) {
          return 'Runs from its source text in the document head; instrumentation would break it';
        }
        return undefined;
      },
    },
  },
  {
    // `${({ theme }) => theme.space.sm}` in a styled-components rule: which design token a padding,
    // gap, radius or focus ring uses is taste, seen in review and the e2e banner geometry checks;
    // the rules that carry behaviour (visibility, 44 px, equal buttons, contrast) are unit-tested.
    kind: 'Ignore',
    name: 'style-tokens',
    value: {
      shouldIgnore(path) {
        const template = path.parentPath;
        if (
          path.isArrowFunctionExpression() &&
          template?.isTemplateLiteral() &&
          template.parentPath?.isTaggedTemplateExpression() &&
          isStyledTag(template.parentPath.node.tag)
        ) {
          return 'A design token in a style rule: presentation, not behaviour';
        }
        return undefined;
      },
    },
  },
];
