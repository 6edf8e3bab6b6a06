/** A complete profile's fields, as the profile form and POST /user/profile take them. */
export const PROFILE = {
  firstName: "Asha",
  gender: "female",
  course: "B.Tech",
  courseSpecialisation: "Computer Science",
  collegeName: "IIT Delhi",
  location: "New Delhi",
};
