import { Modal } from "~/components/ui/modal";
import type { Booking } from "./types";

export function TravellersDialog({
  open,
  onClose,
  travellers,
}: {
  open: boolean;
  onClose: () => void;
  travellers: Booking["customerDetails"]["travellers"];
}) {
  return (
    <Modal open={open} onClose={onClose} title="Travellers">
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Title</th>
              <th scope="col">Full name</th>
              <th scope="col">Type</th>
              <th scope="col">Age</th>
              <th scope="col">Gender</th>
            </tr>
          </thead>
          <tbody>
            {travellers.map((t, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{t.title}</td>
                <td>{t.fullName}</td>
                <td style={{ textTransform: "capitalize" }}>{t.type}</td>
                <td>{t.age}</td>
                <td style={{ textTransform: "capitalize" }}>{t.gender}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
