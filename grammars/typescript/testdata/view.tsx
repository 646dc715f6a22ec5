import React from "react";

interface Props {
  title: string;
  items: string[];
}

export function List({ title, items }: Props): JSX.Element {
  const count: number = items.length;
  return (
    <div className="list">
      <h1>{title}</h1>
      <ul>
        {items.map((item: string, i: number) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
      <p>{count} items</p>
    </div>
  );
}
