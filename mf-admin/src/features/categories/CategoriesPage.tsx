import type { AdminCategory } from '@store/contracts';
import { NamedListPage } from '../admin-ui/NamedListPage';
import { useAdminCategories, useDeleteCategory } from './api/categories';
import { CategoryDialog } from './CategoryForm';

const description = { header: 'Description', text: (c: AdminCategory) => c.description };

export function CategoriesPage() {
  const query = useAdminCategories();
  const remove = useDeleteCategory();
  return (
    <NamedListPage
      noun="Category"
      plural="Categories"
      description="The categories shoppers browse by."
      detail={description}
      editLabel="Rename"
      empty={{ title: 'No categories yet', description: 'Add the first one to start sorting products.' }}
      inUse={(count, products) =>
        `It still has ${count} ${products}; the store will refuse until they are moved or deleted.`
      }
      query={query}
      remove={remove}
      dialog={(editing, close) => <CategoryDialog category={editing} onClose={close} />}
    />
  );
}
