import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = path.resolve(import.meta.dirname, '../..');

/** MUI's modal surfaces: while one is open, the browser's Back must close it, not leave the page. */
const MODAL = '(?:Dialog|Drawer|SwipeableDrawer|Modal)';
const MODAL_IMPORT = new RegExp(
  String.raw`from '@mui/material/${MODAL}'|import\s*\{[^}]*\b${MODAL}\b[^}]*\}\s*from '@mui/material'`,
);

/**
 * The files that may render a MUI modal themselves, each registering it with the navigation guard
 * (useOpenDialog). Every other dialog is a FormDialogFrame (forms, histories, choosers) or a
 * ConfirmDialog, which register it for the feature.
 */
const RENDERS_ITS_OWN_MODAL = [
  'components/form/dialog-form.tsx', // FormDialogFrame
  'components/dialogs/confirm-dialog.tsx', // ConfirmDialog
  'components/feedback/feedback-host.tsx', // the error dialog
  'components/list/bulk-toggle-dialog.tsx', // progress of a bulk change
  'app/shell/admin-layout.tsx', // the phone's navigation drawer
  'app/shell/global-search.tsx',
  'pages/admin/ads/review-dialog.tsx', // the review mode (its own keys, a lightbox)
  'pages/admin/ads/ad-details.tsx',
];

function sourceFiles(): string[] {
  return readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(`test${path.sep}`),
    )
    .map((file) => file.split(path.sep).join('/'));
}

describe("the browser's Back closes every dialog (navigation-guard.tsx)", () => {
  const modalFiles = sourceFiles().filter((file) =>
    MODAL_IMPORT.test(readFileSync(path.join(SOURCE_ROOT, file), 'utf8')),
  );

  it('no screen renders a bare MUI dialog: it uses FormDialogFrame or ConfirmDialog', () => {
    expect(modalFiles.length).toBeGreaterThan(0);
    expect(modalFiles.filter((file) => !RENDERS_ITS_OWN_MODAL.includes(file))).toEqual([]);
  });

  it('each file that renders its own registers it with useOpenDialog', () => {
    const unregistered = RENDERS_ITS_OWN_MODAL.filter(
      (file) => !/\buseOpenDialog\(/.test(readFileSync(path.join(SOURCE_ROOT, file), 'utf8')),
    );
    expect(unregistered).toEqual([]);
  });
});
