export type SellerRequestStatus = "pending" | "approved" | "rejected";

export type SellerRequest = {
  id: string;
  userId: string;
  businessName: string;
  phone: string;
  city: string;
  about: string;
  status: SellerRequestStatus;
  reviewNote: string | null;
  reviewedAt: string | null;
  createdAt: string;
  applicant?: { name: string; email: string };
};
