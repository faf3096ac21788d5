import type { AdminAttribute } from '@store/contracts';
import { NamedListPage } from '../admin-ui/NamedListPage';
import { AttributeDialog } from './AttributeForm';
import { useAdminAttributes, useDeleteAttribute } from './api/attributes';

const values = { header: 'Values', text: (a: AdminAttribute) => a.values.join(', ') };

export function AttributesPage() {
  const query = useAdminAttributes();
  const remove = useDeleteAttribute();
  return (
    <NamedListPage
      noun="Attribute"
      plural="Attributes"
      description="The sizes, colours and other attributes variants use."
      detail={values}
      editLabel="Edit"
      empty={{ title: 'No attributes yet', description: 'Add one, for example size or colour.' }}
      inUse={(count, products) =>
        `${count} ${products} still use it; the store will refuse until it is removed from their variants.`
      }
      query={query}
      remove={remove}
      dialog={(editing, close) => <AttributeDialog attribute={editing} onClose={close} />}
    />
  );
}
