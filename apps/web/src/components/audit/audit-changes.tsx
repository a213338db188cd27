import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AuditRow } from '@usluge/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shorten, useAuditTexts } from './audit-texts.ts';

/** How much a compact summary (a list's cell) shows before 'Prikaži sve'. */
const COMPACT_FIELDS = 3;
const COMPACT_VALUE_LENGTH = 40;

/**
 * An entry's change as 'field: before → after' lines; a secret reads 'field: izmijenjeno', never a
 * value. Compact (a list's cell): the first three fields, long values cut, and a button that shows
 * all of it in place (the keyboard reaches it; a tooltip would not be read).
 */
export function AuditChanges({
  entryId,
  changes,
  isCompact = false,
}: {
  entryId: AuditRow['id'];
  changes: AuditRow['changes'];
  isCompact?: boolean;
}) {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  const [isExpanded, setExpanded] = useState(false);
  const lines = texts.changeLines(changes);
  if (lines.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('audit.noChanges')}
      </Typography>
    );

  const isShort = isCompact && !isExpanded;
  const shown = isShort ? lines.slice(0, COMPACT_FIELDS) : lines;
  const cut = (text: string) => (isShort ? shorten(text, COMPACT_VALUE_LENGTH) : { text, isCut: false });
  let isAnythingHidden = isCompact && lines.length > COMPACT_FIELDS;
  const rendered = shown.map((line) => {
    if (line.isSecret)
      return (
        <Box component="li" key={line.field}>
          <strong>{line.label}</strong>: <em>{t('audit.secretChanged')}</em>
        </Box>
      );
    const before = cut(line.before);
    const after = cut(line.after);
    if (isCompact && (line.before.length > COMPACT_VALUE_LENGTH || line.after.length > COMPACT_VALUE_LENGTH))
      isAnythingHidden = true;
    return (
      <Box component="li" key={line.field}>
        <strong>{line.label}</strong>: {before.text} → {after.text}
      </Box>
    );
  });

  return (
    // Compact: at most a column's width.
    <Box sx={{ minWidth: 0, maxWidth: isShort ? 260 : undefined }}>
      <Typography
        component="ul"
        variant="body2"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          // Lines wrap rather than clip (a table cell does not wrap): what a cut leaves out, the button shows.
          whiteSpace: 'normal',
          overflowWrap: 'anywhere',
        }}
      >
        {rendered}
      </Typography>
      {isAnythingHidden && (
        <Button
          size="small"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={isExpanded}
          aria-label={isExpanded ? t('audit.showLess') : t('audit.showAllFor', { id: entryId })}
          sx={{ px: 0.5, minWidth: 0 }}
        >
          {isExpanded ? t('audit.showLess') : t('audit.showAll')}
        </Button>
      )}
    </Box>
  );
}
