import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A screen that shows a title and a state message (in preparation, no access, placeholders). */
export function StatusScreen({ title, text, icon }: { title: string; text: string; icon?: ReactNode }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', color: 'text.secondary' }}>
          {icon}
          <Typography role="status">{text}</Typography>
        </Stack>
      </Paper>
    </Stack>
  );
}
