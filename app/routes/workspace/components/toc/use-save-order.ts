import { useRevalidator } from "react-router";

/**
 * Saves a new order through one of the reorder endpoints (`{ [field]: ids }`). Either way the
 * server's order is the truth, so the page data is refetched, after a failure too; the failure then
 * throws for the list to say 'Update failed'.
 */
export function useSaveOrder(url: string, field: "topicIds" | "storyIds") {
  const { revalidate } = useRevalidator();
  return async (ids: number[]) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ [field]: ids }),
    });
    await revalidate();
    if (!response.ok) throw new Error(`reorder failed: ${response.status}`);
  };
}
