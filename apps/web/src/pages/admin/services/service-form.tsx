import { formatCredits, serviceFormSchema } from '@usluge/contract';
import { z } from 'zod';
import { defineForm } from '../../../components/form/define-form.tsx';
import type { ImageValue, NamedChoice } from '../../../components/form/form-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import type { ServiceNode } from './services-api.ts';

/**
 * The service form's own schema from the contract, plus the icon: a chosen file, the current
 * icon's URL, or none. The server checks the file's bytes again.
 */
const serviceDialogSchema = z
  .object({
    icon: z.custom<ImageValue>(
      (value) => value === null || typeof value === 'string' || value instanceof File,
    ),
  })
  .and(serviceFormSchema);

type ServiceDialogValues = z.output<typeof serviceDialogSchema>;

/** What a new node starts as: a folder or a service, at the top or under a folder. */
export type NewNodePreset = { parentId: number | null; isService: boolean };

/** The multipart body of store and update: the fields as text, the icon only when a new one was chosen. */
export function serviceFormBody(values: ServiceDialogValues): FormData {
  const body = new FormData();
  body.set('name', values.name);
  body.set('description', values.description ?? '');
  body.set('is_service', String(values.is_service));
  body.set('credit', values.credit === null ? '' : String(values.credit));
  body.set('service_id', values.service_id === null ? '' : String(values.service_id));
  if (values.icon instanceof File) body.set('icon', values.icon);
  return body;
}

/**
 * The add/edit dialog of a node. A new node's kind and parent come from the button that opened it
 * (the dialog's subtitle names the folder); editing may move it to another folder (`folders`: the
 * top level first, as '') and turn a service into a folder or back (the server refuses a folder
 * with children, and a move into the node itself or its own subfolders).
 */
export function serviceForm(preset: NewNodePreset, folders: readonly NamedChoice[] = []) {
  return defineForm<ServiceNode, z.input<typeof serviceDialogSchema>, ServiceDialogValues>({
    schema: serviceDialogSchema,
    fields: [
      { name: 'name', labelKey: 'services.name', kind: 'text', isRequired: true },
      { name: 'description', labelKey: 'services.description', kind: 'textarea' },
      {
        name: 'service_id',
        labelKey: 'services.parentFolder',
        kind: 'select',
        choices: folders,
        isShown: (_, isEditing) => isEditing,
      },
      {
        name: 'is_service',
        labelKey: 'services.isService',
        kind: 'checkbox',
        isShown: (_, isEditing) => isEditing,
      },
      {
        name: 'credit',
        labelKey: 'services.credit',
        kind: 'amount',
        isRequired: true,
        isShown: (values) => values.is_service === true,
      },
      { name: 'icon', labelKey: 'services.icon', kind: 'image', removeField: 'remove_icon' },
    ],
    emptyValues: {
      name: '',
      description: '',
      is_service: preset.isService,
      credit: '',
      service_id: preset.parentId,
      icon: null,
    },
    fromRow: (node) => ({
      name: node.name,
      description: node.description ?? '',
      is_service: node.is_service,
      credit: node.credit === null ? '' : formatCredits(node.credit, currentLanguage()),
      service_id: node.service_id,
      icon: node.icon_url,
    }),
    toBody: (values) => serviceFormBody(values),
    updateMethod: 'POST',
    width: 550,
  });
}
