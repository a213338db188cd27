import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTimeline } from './audit-timeline.tsx';

/**
 * A record's change history behind a 'Prikaži istoriju izmjena' button (in a record's details,
 * under what the record is now): read only when asked for, so opening the details costs nothing.
 */
export function AuditTimelineSection({ recordType, recordId }: { recordType: string; recordId: number }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const regionId = useId();
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={isOpen}
        aria-controls={regionId}
        startIcon={isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {isOpen ? t('audit.timeline.hide') : t('audit.timeline.show')}
      </Button>
      <Box id={regionId} sx={{ mt: isOpen ? 1 : 0 }}>
        {isOpen && <AuditTimeline recordType={recordType} recordId={recordId} />}
      </Box>
    </Box>
  );
}
